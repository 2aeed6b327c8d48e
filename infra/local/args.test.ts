import { describe, expect, it } from "vitest";
import { parsePlatformArgs } from "./args.ts";

describe("parsePlatformArgs", () => {
  it.each([
    [[], {}, { port: 2525, dataDir: ".mockctl/data" }],
    [["--port", "2600", "--data", "/tmp/d"], {}, { port: 2600, dataDir: "/tmp/d" }],
    [[], { MOCKCTL_PORT: "2601", MOCKCTL_DATA: "/srv/m" }, { port: 2601, dataDir: "/srv/m" }],
    [["-p", "2602"], { MOCKCTL_PORT: "2601" }, { port: 2602, dataDir: ".mockctl/data" }],
    [
      ["--allowInjection", "--apikey", "s3cret", "--host", "0.0.0.0"],
      {},
      { port: 2525, dataDir: ".mockctl/data", allowInjection: true, apiKey: "s3cret", host: "0.0.0.0" },
    ],
    [["-i"], {}, { port: 2525, dataDir: ".mockctl/data", allowInjection: true }],
    [["--datadir", "/tmp/mb"], {}, { port: 2525, dataDir: "/tmp/mb" }],
    // Run by npm from a folder of the user's: a relative folder is theirs, the default the repository's.
    [["--datadir", "mb"], { INIT_CWD: "/home/qa/api" }, { port: 2525, dataDir: "/home/qa/api/mb" }],
    [[], { INIT_CWD: "/home/qa/api", MOCKCTL_DATA: "../d" }, { port: 2525, dataDir: "/home/qa/d" }],
    [[], { INIT_CWD: "/home/qa/api" }, { port: 2525, dataDir: ".mockctl/data" }],
    [["--pidfile", "mb.pid"], {}, { port: 2525, dataDir: ".mockctl/data", pidfile: "mb.pid" }],
    [["--noImposterPorts"], {}, { port: 2525, dataDir: ".mockctl/data", imposterPorts: false }],
    [
      ["--logfile", "mb.log", "--loglevel", "debug", "--localOnly", "--nologfile"],
      {},
      {
        port: 2525,
        dataDir: ".mockctl/data",
        ignoredFlags: ["--logfile", "--loglevel", "--nologfile", "--localOnly"],
      },
    ],
    [["--rateLimit", "50"], {}, { port: 2525, dataDir: ".mockctl/data", rateLimit: 50 }],
    [["--rateLimit", "0"], {}, { port: 2525, dataDir: ".mockctl/data", rateLimit: 0 }],
    [["--maxInFlight", "1024"], {}, { port: 2525, dataDir: ".mockctl/data", maxInFlight: 1024 }],
    [["--maxInFlight", "0"], {}, { port: 2525, dataDir: ".mockctl/data", maxInFlight: 0 }],
    [
      ["--configfile", "mb.ejs", "--noParse"],
      {},
      { port: 2525, dataDir: ".mockctl/data", configfile: "mb.ejs", noParse: true },
    ],
    [
      ["--origin", "http://localhost:3000/", "--origin", "HTTPS://App.Example", "--allowHost", "MB"],
      {},
      {
        port: 2525,
        dataDir: ".mockctl/data",
        allowedOrigins: ["http://localhost:3000", "https://app.example"],
        allowedHosts: ["mb"],
      },
    ],
    [
      [],
      { MOCKCTL_WORKERD_V8_FLAGS: " --trace-gc-nvp  --max-semi-space-size=2 " },
      { port: 2525, dataDir: ".mockctl/data", extraV8Flags: ["--trace-gc-nvp", "--max-semi-space-size=2"] },
    ],
    [[], { MOCKCTL_WORKERD_V8_FLAGS: "" }, { port: 2525, dataDir: ".mockctl/data" }],
    [
      ["--origin", "*", "--allowHost", ".mocks.test", "--allowHost", "*"],
      {},
      { port: 2525, dataDir: ".mockctl/data", allowedOrigins: ["*"], allowedHosts: [".mocks.test", "*"] },
    ],
  ])("%j with env %j gives %j", (argv, env, expected) => {
    // Imposters listen on their own ports unless told not to, as mb's do.
    expect(parsePlatformArgs(argv, env)).toEqual({ imposterPorts: true, ...expected });
  });

  it.each([
    [["--port", "abc"]],
    [["--port", "70000"]],
    [["--unknown"]],
    [["--origin", "localhost:3000"]],
    [["--origin", "null"]],
    [["--origin", "file:///tmp/page.html"]],
    [["--allowHost", "mb:2525"]],
    [["--allowHost", "a,b"]],
    [["--allowHost", "http://mb"]],
    [["--rateLimit", "-1"]],
    [["--rateLimit", "fast"]],
    [["--rateLimit", ""]],
    [["--maxInFlight", "-1"]],
    [["--maxInFlight", "2.5"]],
    [["--maxInFlight", "many"]],
    // A client list it cannot enforce, on an address other machines reach.
    [["--host", "0.0.0.0", "--ipWhitelist", "10.0.0.1"]],
  ])("refuses %j", (argv) => {
    expect(() => parsePlatformArgs(argv, {})).toThrow();
  });

  it("takes mb's --ipWhitelist on loopback, where every client is local anyway", () => {
    expect(parsePlatformArgs(["--ipWhitelist", "127.0.0.1"], {}).ignoredFlags).toEqual(["--ipWhitelist"]);
  });

  it.each([
    ["trace-gc"],
    ["--trace-gc; rm -rf /"],
    ["--a --b=c -x"],
  ])("refuses MOCKCTL_WORKERD_V8_FLAGS=%j, naming the word", (value) => {
    expect(() => parsePlatformArgs([], { MOCKCTL_WORKERD_V8_FLAGS: value })).toThrow(
      /invalid MOCKCTL_WORKERD_V8_FLAGS/,
    );
  });
});
