import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The real bin, as `npx mockctl` runs it in this checkout. */
export const BIN = fileURLToPath(new URL("../bin/mockctl.mjs", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("./fixtures", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** An environment without the caller's MOCKCTL_* settings and with a profiles file of its own. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("MOCKCTL_")));
  const config = join(mkdtempSync(join(tmpdir(), "mockctl-cli-")), "profiles.json");
  return { ...env, MOCKCTL_CONFIG: config, ...extra };
}

export function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? FIXTURES,
    env: options.env ?? cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The one JSON object a `--json` run prints. */
export function parsedJson(result: CliResult): Record<string, unknown> {
  return JSON.parse(result.stdout.trim()) as Record<string, unknown>;
}
