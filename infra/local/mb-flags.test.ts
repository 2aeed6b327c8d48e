import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { readyUrl } from "./launcher-process.testing.ts";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const MB = createRequire(import.meta.url).resolve("mountebank/bin/mb");

describe("an mb command line", () => {
  const folder = mkdtempSync(join(tmpdir(), "mockctl-mb-flags-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // `mb --port … --pidfile mb.pid --logfile mb.log` in a test script, then `mb stop --pidfile mb.pid`; run
  // from the project's own folder, as a test script is, not from the repository.
  it("starts with mb's flags, writes --pidfile, and `mb stop` stops it", async () => {
    const pidfile = join(folder, "mb.pid");
    const args = [TSX, CLI, "--port", "0", "--data", join(folder, "data"), "--pidfile", pidfile];
    const mbFlags = ["--logfile", join(folder, "mb.log"), "--loglevel", "debug", "--localOnly"];
    const child = spawn(process.execPath, [...args, ...mbFlags], {
      cwd: folder,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk;
    });
    const url = await readyUrl(child);
    expect((await fetch(`${url}/imposters`)).status).toBe(200);
    expect(errors).toContain("mockctl: --logfile is one of mb's flags that mean nothing here; ignored");
    expect(Number(readFileSync(pidfile, "utf8"))).toBeGreaterThan(0);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await promisify(execFile)(process.execPath, [MB, "stop", "--pidfile", pidfile]);
    expect(await exited).toBe(0);
    expect(existsSync(pidfile)).toBe(false);
  });
});
