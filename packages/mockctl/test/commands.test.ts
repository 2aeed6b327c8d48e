import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevProcess, startDev } from "./dev-process.ts";
import { type Mountebank, startMountebank } from "./mountebank.ts";
import { BIN, type CliResult, cleanEnv, FIXTURES, parsedJson, runCli } from "./run-cli.ts";

// save/replay, the journal, profiles and import, each through the real bin against a real platform.
let dev: DevProcess;
let mb: Mountebank;
const tmp = mkdtempSync(join(tmpdir(), "mockctl-commands-"));
// Started with an API key: every call below carries it (--token, MOCKCTL_TOKEN, a profile), and so does
// the launcher's --configfile hook.
const TOKEN = "s3cret";
const cli = (...args: string[]) => runCli([...args, "--url", dev.url, "--token", TOKEN]);

beforeAll(async () => {
  [dev, mb] = await Promise.all([
    startDev(["--data", join(tmp, "data"), "--apikey", TOKEN, "--configfile", "ejs/imposters.ejs"]),
    startMountebank(),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.stop(), mb?.stop()]);
});

describe("the token", () => {
  it("is required by a platform started with --apikey: without it, mb's 401 and exit 1", async () => {
    const result = await runCli(["imposters", "list", "--url", dev.url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("✘ ERROR GET /imposters failed with 401");
    expect(result.stderr).toContain("pass --token <token>, set MOCKCTL_TOKEN");
    const withEnv = await runCli(["imposters", "list", "--url", dev.url], {
      env: cleanEnv({ MOCKCTL_TOKEN: TOKEN }),
    });
    expect(withEnv.code).toBe(0);
  });
});

describe("imposters get", () => {
  // Its help says it prints the imposter as JSON: `mockctl imposters get 4545 | jq .port` must parse.
  it("leaves stdout to the imposter's JSON, the success line on stderr", async () => {
    const result = await cli("imposters", "get", "4545");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).port).toBe(4545);
    expect(result.stderr).toBe("✨ Success. imposter 4545.\n");
  });
});

describe("save and replay", () => {
  it("round-trips: a saved file deploys back to the same imposters, and replay keeps them", async () => {
    const file = join(tmp, "saved.json");
    expect((await cli("save", "--savefile", file)).code).toBe(0);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.imposters.map((i: { port: number; url?: string }) => [i.port, i.url])).toEqual([
      [4545, undefined],
      [4546, undefined],
    ]);
    const redeployed = parsedJson(await cli("deploy", file, "--json"));
    expect(redeployed.changed).toBe(0);
    expect((await cli("replay")).stdout).toContain("✨ Success. Replayed 2 imposters");
    expect(parsedJson(await cli("deploy", "ejs/imposters.ejs", "--json")).changed).toBe(0);
  });

  it.each([
    ["a missing folder", () => join(tmp, "no-such-folder", "mb.json"), "does not exist"],
    ["a folder", () => tmp, "is a folder"],
  ])("says why it cannot save to %s, in words, and exits 1", async (_case, where, why) => {
    const result = await cli("save", "--savefile", where());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`could not save to ${where()}: `);
    expect(result.stderr).toContain(why);
    expect(result.stderr).not.toMatch(/ENOENT|EISDIR|open '/);
  });
});

/** An HTTPS GET of an imposter's own port (its certificate not checked), tried for up to 6 s: status and body. */
async function untilTls(port: number): Promise<string> {
  const once = () =>
    new Promise<string>((resolve) => {
      const asked = request(
        { host: "127.0.0.1", port, path: "/", agent: false, rejectUnauthorized: false },
        (answer) => {
          let body = "";
          answer.on("data", (chunk: Buffer) => {
            body += chunk.toString();
          });
          answer.on("end", () => resolve(`${answer.statusCode} ${body}`));
        },
      );
      asked.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      asked.end();
    });
  let seen = await once();
  for (let tries = 0; tries < 30 && !seen.startsWith("200"); tries++) {
    await new Promise((done) => setTimeout(done, 200));
    seen = await once();
  }
  return seen;
}

/**
 * `mockctl requests <port> -f --interval <ms>` against `url` until `done` is seen on its stdout: `call` is
 * made once the journal so far (`first`) is printed. Answers every line printed.
 */
async function follow(
  url: string,
  [port, interval]: [number, number],
  [first, done]: [string, string],
  call: () => Promise<unknown>,
) {
  const args = [
    BIN,
    "requests",
    String(port),
    "-f",
    "--interval",
    String(interval),
    "--url",
    url,
    "--token",
    TOKEN,
  ];
  const child = spawn(process.execPath, args, { env: cleanEnv(), stdio: ["ignore", "pipe", "inherit"] });
  let seen = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    seen += chunk;
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const until = async (text: string) => {
    while (!seen.includes(text)) {
      // A CLI that ended (an error, on stderr above) will never print it: fail now, not at the timeout.
      if (exited)
        throw new Error(`mockctl requests exited before printing ${JSON.stringify(text)}:\n${seen}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  };
  await until(first);
  await call();
  await until(done);
  child.kill("SIGTERM");
  return seen.split("\n");
}

describe("requests", () => {
  // A poll a minute apart would not see the new request in time: it comes from the journal stream.
  it("prints the journal, and --follow prints requests from the stream as they arrive, each once", async () => {
    await fetch(`${dev.url}/i/4545/hello?first=1`);
    const once = parsedJson(await cli("requests", "4545", "--json"));
    expect((once.requests as { path: string }[]).map((r) => r.path)).toContain("/hello");
    const call = () => fetch(`${dev.url}/i/4545/hello-again`);
    const lines = await follow(dev.url, [4545, 60_000], ["GET /hello", "GET /hello-again"], call);
    expect(lines.filter((line) => line.includes("/hello-again"))).toHaveLength(1);
    expect(lines.filter((line) => line.endsWith("GET /hello?first=1"))).toHaveLength(1);
  });

  it("--follow polls a real mb 2.9.1, which has no journal stream", async () => {
    // mb picks a free port itself when none is given (a fixed one was once taken on a busy CI machine).
    const imposter = { protocol: "http", recordRequests: true, stubs: [] };
    const created = await fetch(`${mb.url}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
    expect(created.status).toBe(201);
    const { port } = (await created.json()) as { port: number };
    await fetch(`http://127.0.0.1:${port}/before`);
    const call = () => fetch(`http://127.0.0.1:${port}/after`);
    const lines = await follow(mb.url, [port, 100], ["GET /before", "GET /after"], call);
    expect(lines.filter((line) => / GET \/(before|after)$/.test(line))).toHaveLength(2);
  });
});

describe("profiles", () => {
  it("login saves a profile that later commands use; profiles list|use", async () => {
    const env = cleanEnv();
    const login = await runCli(["login", "--url", dev.url, "--token", TOKEN, "--profile", "local"], { env });
    expect(login.stdout).toContain(`✨ Success. Logged in to ${dev.url} as profile local`);
    const listed = await runCli(["imposters", "list", "--json"], { env });
    expect((parsedJson(listed).imposters as unknown[]).length).toBe(2);
    // A platform that does not answer is not saved.
    const down = await runCli(["login", "--url", "http://127.0.0.1:9", "--profile", "down"], { env });
    expect(down.code).toBe(1);
    const profiles = parsedJson(await runCli(["profiles", "list", "--json"], { env }));
    expect(profiles.profiles).toEqual([{ name: "local", url: dev.url, current: true }]);
    expect((await runCli(["profiles", "use", "nope"], { env })).code).toBe(1);
    // Not Object's own: a profile named so would have been "used" with no URL.
    expect((await runCli(["profiles", "use", "toString"], { env })).stderr).toContain(
      "no profile named toString",
    );
    expect((await runCli(["imposters", "list", "--profile", "local"], { env })).code).toBe(0);
  });

  it.each([
    "",
    " ",
    "__proto__",
    "a b",
    "-x",
  ])("login refuses the profile name %j and saves nothing", async (name) => {
    const env = cleanEnv();
    const login = await runCli(["login", "--url", dev.url, "--token", TOKEN, `--profile=${name}`], { env });
    expect([login.code, login.stderr]).toEqual([2, expect.stringContaining("is not allowed")]);
    expect(parsedJson(await runCli(["profiles", "list", "--json"], { env })).profiles).toEqual([]);
  });
});

describe("deploy to a platform without --allowInjection", () => {
  // Checked by hand against mb 2.9.1 without the flag too (this file's mb runs with it): the same refusal.
  it("sends nothing when an imposter needs injection", async () => {
    const file = join(tmp, "with-inject.json");
    const plain = { protocol: "http", port: 5801, stubs: [{ responses: [{ is: { body: "plain" } }] }] };
    // Two places that need injection in one imposter: one imposter to name, each message once.
    const decorated = { is: { body: "x" }, behaviors: [{ decorate: "() => {}" }] };
    const inject = {
      protocol: "http",
      port: 5802,
      stubs: [{ responses: [{ inject: "() => ({})" }, decorated] }],
    };
    writeFileSync(file, JSON.stringify({ imposters: [plain, inject] }));
    const result = await cli("deploy", file);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      `1 imposter uses injection, which the platform at ${dev.url} does not allow`,
    );
    expect(result.stderr.split("imposter 5802: invalid injection").length - 1).toBe(1);
    const ports = (parsedJson(await cli("imposters", "list", "--json")).imposters as { port: number }[]).map(
      (i) => i.port,
    );
    expect(ports).not.toContain(5801);
  });
});

describe("import", () => {
  it("copies what it can from a real mb 2.9.1 and says why the rest stayed behind", async () => {
    const config = JSON.parse(readFileSync(join(FIXTURES, "mb-imposters.json"), "utf8"));
    const put = await fetch(`${mb.url}/imposters`, { method: "PUT", body: JSON.stringify(config) });
    expect(put.status).toBe(200);
    const result = await cli("import", "--from", mb.url, "--json");
    expect(result.code).toBe(0);
    const summary = parsedJson(result);
    expect(summary.imported).toEqual([5601]);
    expect(summary.skipped).toEqual([
      {
        port: "5602",
        reason: "skipped: tcp imposters cannot run here (the platform accepts HTTP only; mb serves them)",
      },
      { port: "5603", reason: expect.stringContaining("backreference") },
    ]);
    // For CI: the same import fails when anything stayed behind.
    const strict = await cli("import", "--from", mb.url, "--strict");
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`2 of 3 imposters not imported from ${mb.url} (--strict)`);
    expect(await (await fetch(`${dev.url}/i/5601/ping`)).text()).toBe("pong");
  });

  it("imports an https imposter, which then speaks TLS on its own port here too, without a warning", async () => {
    const imposter = { protocol: "https", port: 5612, stubs: [{ responses: [{ is: { body: "tls" } }] }] };
    const created = await fetch(`${mb.url}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
    expect(created.status).toBe(201);
    try {
      const summary = parsedJson(await cli("import", "--from", mb.url, "--json"));
      expect(summary.imported).toContain(5612);
      expect(summary.warnings ?? []).not.toContainEqual(expect.stringContaining("imposter 5612"));
    } finally {
      await fetch(`${mb.url}/imposters/5612`, { method: "DELETE" });
    }
    // mb held the port until now: the platform tries it again every 2 s.
    expect(await untilTls(5612)).toBe("200 tls");
  });

  it("names Mountebank, not the platform, when --from does not answer", async () => {
    const result = await cli("import", "--from", "http://127.0.0.1:9");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("could not reach Mountebank at http://127.0.0.1:9");
    expect(result.stderr).not.toContain("mockctl dev");
  });

  it("sends --fromApikey to a Mountebank started with --apikey, and says so when it is missing", async () => {
    const locked = await startMountebank({ apikey: "mb-key" });
    try {
      const imposter = { protocol: "http", port: 5611, stubs: [{ responses: [{ is: { body: "locked" } }] }] };
      const created = await fetch(`${locked.url}/imposters`, {
        method: "POST",
        headers: { "x-api-key": "mb-key" },
        body: JSON.stringify(imposter),
      });
      expect(created.status).toBe(201);
      const without = await cli("import", "--from", locked.url);
      expect([without.code, without.stderr]).toEqual([1, expect.stringContaining("--fromApikey <key>")]);
      const withKey = parsedJson(
        await cli("import", "--from", locked.url, "--fromApikey", "mb-key", "--json"),
      );
      expect(withKey.imported).toEqual([5611]);
      expect(await (await fetch(`${dev.url}/i/5611/`)).text()).toBe("locked");
    } finally {
      await locked.stop();
    }
  });
});

// util-linux's `script` gives the bin a pseudo-terminal, where the progress bar is drawn (never in a pipe).
describe.skipIf(!existsSync("/usr/bin/script"))("on a terminal", () => {
  it("draws a progress bar while many imposters are deployed", async () => {
    const imposters = Array.from({ length: 6 }, (_, i) => ({ protocol: "http", port: 5700 + i, stubs: [] }));
    const file = join(tmp, "six.json");
    writeFileSync(file, JSON.stringify({ imposters }));
    const command = [process.execPath, BIN, "deploy", file, "--url", dev.url, "--token", TOKEN].join(" ");
    const { stdout } = await promisify(execFile)("/usr/bin/script", ["-qec", command, "/dev/null"], {
      env: cleanEnv(),
    });
    expect(stdout).toContain("] 6/6 create 57");
    expect(stdout).toContain("█".repeat(24));
    expect(stdout).toContain("6 created");
  });
});

describe("logs", () => {
  it("prints what an inject logged, as a real mb 2.9.1 logs it, by imposter and level", async () => {
    const port = 5660;
    const inject =
      "(config, state, logger) => { logger.warn('served %s with %j', config.request.path, config.request.query); logger.info('quiet'); return { body: 'ok' }; }";
    const imposter = JSON.stringify({ protocol: "http", port, stubs: [{ responses: [{ inject }] }] });
    expect((await cli("workspaces", "set", "--allowInjection", "true")).code).toBe(0);
    try {
      await fetch(`${mb.url}/imposters`, { method: "POST", body: imposter });
      expect(await (await fetch(`http://127.0.0.1:${port}/orders?id=7`)).text()).toBe("ok");
      const created = await fetch(`${dev.url}/imposters`, {
        method: "POST",
        headers: { "x-api-key": TOKEN },
        body: imposter,
      });
      expect(created.status).toBe(201);
      expect(await (await fetch(`${dev.url}/i/${port}/orders?id=7`)).text()).toBe("ok");
      const args = ["logs", "--port", String(port), "--level", "warn", "--json"];
      const lines = (result: CliResult) =>
        (parsedJson(result).logs as { level: string; message: string }[]).map((l) => [l.level, l.message]);
      const theirs = lines(await runCli([...args, "--url", mb.url]));
      expect(lines(await cli(...args))).toEqual(theirs);
      expect(theirs).toEqual([["warn", `[http:${port}] served /orders with {"id":"7"}`]]);
      // Without the filters, the platform's own lines come too: the imposter's creation, and the info line.
      const all = (await cli("logs")).stdout;
      expect(all).toContain(`info  [http:${port}] quiet`);
      expect(all).toMatch(new RegExp(`Z info  \\[http:${port}\\] created by `));
    } finally {
      await cli("workspaces", "set", "--allowInjection", "false");
    }
  });
});
