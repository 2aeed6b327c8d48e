import { describe, expect, it } from "vitest";
import { launcherReason } from "./dev.ts";
import { launcherArgs } from "./dev-options.ts";

// What `mockctl dev` hands the launcher (infra/local/args.ts reads it): paths against the user's folder.
describe("launcherArgs", () => {
  it.each([
    [{}, {}, ["--data", "/u/.mockctl/data"]],
    [{}, { MOCKCTL_DATA: "state" }, ["--data", "/u/state"]],
    [{ data: "d" }, { MOCKCTL_DATA: "state" }, ["--data", "/u/d"]],
    [{ datadir: "mb-data" }, {}, ["--data", "/u/mb-data"]],
    [{ data: "d", datadir: "mb-data" }, {}, ["--data", "/u/d"]],
    [{ rateLimit: "100" }, {}, ["--data", "/u/.mockctl/data", "--rateLimit", "100"]],
    [{ maxInFlight: "1024" }, {}, ["--data", "/u/.mockctl/data", "--maxInFlight", "1024"]],
    [
      { port: "0", allowInjection: true, origin: ["http://a", "http://b"], configfile: "x.ejs", json: true },
      {},
      [
        ...["--port", "0", "--data", "/u/.mockctl/data", "--allowInjection"],
        ...["--origin", "http://a", "--origin", "http://b", "--configfile", "/u/x.ejs"],
      ],
    ],
  ])("%j with env %j", (values, env, args) => {
    expect(launcherArgs(values, "/u", env)).toEqual(args);
  });
});

// What `mockctl dev --json` puts in its error: the launcher's own sentence, never a stack frame or a hint.
describe("launcherReason", () => {
  it.each([
    [
      "mockctl: port 2525 is already in use (is mb running?); choose another\n",
      "port 2525 is already in use (is mb running?); choose another",
    ],
    [
      "mockctl: could not start: Error: boom\n    at start (x.js:1:1)\n    at main (y.js:2:2)\n",
      "could not start: Error: boom",
    ],
    [
      "🌀 Deploying\n✘ ERROR 1 error in x.json\n\n  x.json: bad data\n\nRun mockctl validate\n",
      "1 error in x.json",
    ],
    ["something else entirely\n", undefined],
    ["", undefined],
  ])("%j", (stderr, reason) => {
    expect(launcherReason(stderr)).toBe(reason);
  });
});
