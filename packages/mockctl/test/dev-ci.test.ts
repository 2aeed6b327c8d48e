import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { BIN, cleanEnv, FIXTURES } from "./run-cli.ts";

// What a CI script does with `mockctl dev`: mb's command line, `$!`, `--json` into jq, `| head -1`.
const folder = () => mkdtempSync(join(tmpdir(), "mockctl-dev-ci-"));

const answers = (url: string) =>
  fetch(`${url}/imposters`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

function exited(child: ChildProcess): Promise<[number | null, string]> {
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on("close", (code) => done([code, stderr])));
}

/** The first line the child prints on stdout. */
const firstLine = (child: ChildProcess): Promise<string> =>
  new Promise((done, fail) => {
    if (!child.stdout) return fail(new Error("no stdout"));
    createInterface({ input: child.stdout }).once("line", done);
    child.once("exit", (code) => fail(new Error(`exited with ${code} before a line`)));
  });

const dev = (args: string[], env: Record<string, string> = {}) =>
  spawn(process.execPath, [BIN, "dev", "--port", "0", "--data", join(folder(), "data"), ...args], {
    cwd: FIXTURES,
    env: cleanEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });

describe.skipIf(process.platform !== "linux")("mockctl dev in a CI script", () => {
  it("--json: the ready line is one JSON object, with the url and the pid to stop", async () => {
    const child = dev(["--json"]);
    const done = exited(child);
    const ready = JSON.parse(await firstLine(child)) as { ok: boolean; url: string; pid: number };
    expect(ready).toEqual({
      ok: true,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      pid: expect.any(Number),
    });
    expect(await answers(ready.url)).toBe(true);
    child.kill("SIGTERM");
    expect((await done)[0]).toBe(0);
  }, 60_000);

  it("takes mb's flags: --pidfile names the launcher, the others are named as ignored", async () => {
    const pidfile = join(folder(), "mb.pid");
    const child = dev(["--pidfile", pidfile, "--logfile", "mb.log", "--loglevel", "debug", "--localOnly"]);
    const done = exited(child);
    const url = /ready at (\S+)/.exec(await firstLine(child))?.[1] ?? "";
    expect(await answers(url)).toBe(true);
    // `kill $(cat mb.pid)`, as after `mb --pidfile`: the platform stops and `mockctl dev` with it, cleanly.
    process.kill(Number(readFileSync(pidfile, "utf8")), "SIGTERM");
    const [code, stderr] = await done;
    expect(code).toBe(0);
    expect(stderr).toContain("--logfile is one of mb's flags that mean nothing here; ignored");
    expect(await answers(url)).toBe(false);
  }, 60_000);

  it("says so when its launcher is killed from outside (the OOM killer)", async () => {
    const pidfile = join(folder(), "mb.pid");
    const child = dev(["--pidfile", pidfile]);
    const done = exited(child);
    await firstLine(child);
    process.kill(Number(readFileSync(pidfile, "utf8")), "SIGKILL");
    const [code, stderr] = await done;
    expect(code).toBe(1);
    expect(stderr).toContain("the platform's launcher was killed (SIGKILL)");
  }, 60_000);

  it("under npx, stops the platform once npm's wrapper (what `$!` holds) is killed, its shell left behind", async () => {
    // A stand-in for `npm exec`: a process titled as npm titles itself, that runs the bin through `sh -c`
    // as npm does. SIGKILLed, it leaves that shell alive: the parent of `mockctl dev` does not change.
    const command = [process.execPath, BIN, "dev", "--port", "0", "--data", join(folder(), "data")]
      .map((arg) => `'${arg}'`)
      .join(" ");
    const wrapper = spawn(
      process.execPath,
      [
        "-e",
        `process.title = "npm exec mockctl dev"; require("node:child_process").spawn(${JSON.stringify(command)}, { shell: "/bin/sh", stdio: "inherit" }); setInterval(() => {}, 1000);`,
      ],
      { cwd: FIXTURES, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] },
    );
    const url = /ready at (\S+)/.exec(await firstLine(wrapper))?.[1] ?? "";
    expect(await answers(url)).toBe(true);
    wrapper.kill("SIGKILL");
    await expect.poll(() => answers(url), { timeout: 15_000, interval: 250 }).toBe(false);
  }, 60_000);

  it("keeps running when what started it is not npm (a script that put it in the background and ended)", async () => {
    const pidfile = join(folder(), "mb.pid");
    const command = [
      process.execPath,
      BIN,
      "dev",
      "--port",
      "0",
      "--data",
      join(folder(), "data"),
      "--pidfile",
      pidfile,
    ]
      .map((arg) => `'${arg}'`)
      .join(" ");
    const script = spawn("/bin/sh", ["-c", `${command} > /dev/null 2>&1 &`], {
      cwd: FIXTURES,
      env: cleanEnv(),
    });
    await new Promise((done) => script.on("close", done));
    await expect.poll(() => existsSync(pidfile), { timeout: 30_000, interval: 100 }).toBe(true);
    await new Promise((done) => setTimeout(done, 1_500));
    const launcher = Number(readFileSync(pidfile, "utf8"));
    expect(() => process.kill(launcher, 0)).not.toThrow();
    process.kill(launcher, "SIGTERM");
  }, 60_000);

  it("exits 0 and quietly when its reader closes the pipe (`| head -1`)", async () => {
    // A list longer than a pipe holds, so the CLI is still writing when the reader has gone.
    const imposters = Array.from({ length: 2_000 }, (_, i) => ({
      protocol: "http",
      port: 10_000 + i,
      name: "n".repeat(200),
    }));
    const server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ imposters }));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [BIN, "imposters", "list", "--url", url], {
        env: cleanEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      });
      const done = exited(child);
      expect(await firstLine(child)).toMatch(/^IMPOSTER/);
      child.stdout?.destroy();
      const [code, stderr] = await done;
      expect(stderr).not.toContain("EPIPE");
      expect(code).toBe(0);
    } finally {
      server.close();
    }
  }, 30_000);
});
