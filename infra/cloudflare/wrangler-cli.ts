import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { DeployError } from "./output.ts";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one wrangler command; the deploy steps take it as a parameter so tests can plan without a network. */
export type Wrangler = (args: readonly string[]) => Promise<RunResult>;

const WRANGLER_BIN = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");

/**
 * The repository's own wrangler, run with Node. Output is captured rather than shown: the deploy prints its
 * own fixed lines and shows wrangler's output only when a command fails. stdin is closed, so wrangler
 * treats the run as non-interactive and never waits on a prompt.
 */
export function nodeWrangler(cwd: string, env: NodeJS.ProcessEnv = process.env): Wrangler {
  return (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [WRANGLER_BIN, ...args], {
        cwd,
        env: { ...env, WRANGLER_SEND_METRICS: "false" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const stdout: string[] = [];
      const stderr: string[] = [];
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.push(chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
      child.on("error", reject);
      child.on("close", (code) =>
        resolve({ code: code ?? 1, stdout: stdout.join(""), stderr: stderr.join("") }),
      );
    });
}

/** Runs a command that must succeed; a failure carries wrangler's own output. */
export async function must(wrangler: Wrangler, args: readonly string[], solution: string): Promise<string> {
  const result = await wrangler(args);
  if (result.code === 0) return result.stdout;
  throw new DeployError(
    `wrangler ${args.join(" ")} failed with exit code ${result.code}`,
    `${result.stderr}\n${result.stdout}`,
    solution,
  );
}
