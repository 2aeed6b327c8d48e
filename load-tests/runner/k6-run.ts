import { spawn } from "node:child_process";
import { onCleanup } from "./cleanup.ts";
import { k6Command } from "./cpu-pin.ts";
import type { K6 } from "./k6-binary.ts";

export interface K6Exit {
  /** 0: every threshold held; 99: a threshold crossed (failed checks or requests); else k6 itself failed. */
  code: number;
  /** The end of k6's own output, for the report when it failed. */
  output: string;
}

/** Runs one k6 script to completion; the environment reaches the script as __ENV. */
export function runK6(k6: K6, script: string, env: Record<string, string>): Promise<K6Exit> {
  const args = ["run", "--quiet", "--no-color", "--no-usage-report"];
  for (const [key, value] of Object.entries(env)) args.push("-e", `${key}=${value}`);
  args.push(script);
  const [command, argv] = k6Command(k6.path, args, k6.pinning);
  const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
  const kill = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  const stop = onCleanup("k6", kill, kill);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      void stop();
      resolve({ code: code ?? (signal ? 128 : 1), output: output.trim() });
    });
  });
}
