import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { START_FAILURE_FILE } from "@mockctl/contract/launcher-failure";
import { describe, expect, it, vi } from "vitest";
import { parsePlatformArgs } from "./args.ts";
import { reportStartFailure, startFailure, whyNotStarted } from "./start-failure.ts";

const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
};
const listenError = (code: string) =>
  Object.assign(new Error(`listen ${code}`), { code, port: 2525, address: "127.0.0.1" });

describe("startFailure", () => {
  it.each<[string, unknown, RegExp]>([
    ["a taken port", listenError("EADDRINUSE"), /^mockctl: port 2525 is already in use .*--port <number>$/],
    [
      "a port it may not use",
      listenError("EACCES"),
      /^mockctl: cannot listen on 127\.0\.0\.1:2525 \(EACCES\)/,
    ],
    [
      "an unknown option",
      thrown(() => parsePlatformArgs(["--bogus"], {})),
      /^mockctl: unknown option --bogus; the options are --port, /,
    ],
    [
      "mb's --mock",
      thrown(() => parsePlatformArgs(["--mock"], {})),
      /^mockctl: --mock .* is not supported; set "recordRequests": true on the imposters to verify$/,
    ],
    [
      "an option without its value",
      thrown(() => parsePlatformArgs(["--port"], {})),
      /^mockctl: Option '-p, --port <value>' argument missing$/,
    ],
    [
      "a stray argument",
      thrown(() => parsePlatformArgs(["extra"], {})),
      /^mockctl: Unexpected argument 'extra'/,
    ],
    [
      "a port that is not a number",
      thrown(() => parsePlatformArgs(["--port", "abc"], {})),
      /^mockctl: invalid --port abc: give a port number from 0 to 65535$/,
    ],
    [
      "a bad --origin",
      thrown(() => parsePlatformArgs(["--origin", "nope"], {})),
      /^mockctl: invalid --origin nope/,
    ],
  ])("%s: one line", (_name, error, expected) => {
    const line = startFailure(error);
    expect(line).toMatch(expected);
    expect(line).not.toContain("\n");
  });

  it("keeps the whole error for a failure of ours", () => {
    expect(startFailure(new TypeError("boom"))).toMatch(/^mockctl: could not start: TypeError: boom\n\s+at /);
  });
});

// `mockctl dev` prints these parts as every command's error: `✘ ERROR message`, details, hint (QA #10).
describe("whyNotStarted", () => {
  it.each<[string, unknown, object]>([
    [
      "a taken port",
      listenError("EADDRINUSE"),
      {
        message: "port 2525 is already in use (is mb or another platform running on it?)",
        hint: "choose another with --port <number>",
      },
    ],
    [
      "an unknown option",
      thrown(() => parsePlatformArgs(["--bogus"], {})),
      { message: "unknown option --bogus", usage: true },
    ],
    [
      "a bad --origin",
      thrown(() => parsePlatformArgs(["--origin", "nope"], {})),
      { message: expect.stringMatching(/^invalid --origin nope/), usage: true },
    ],
    [
      "a fault of ours",
      new TypeError("boom"),
      {
        message: "could not start: TypeError: boom",
        details: expect.arrayContaining([expect.stringMatching(/^at /)]),
      },
    ],
  ])("%s", (_name, error, parts) => {
    expect(whyNotStarted(error)).toMatchObject(parts);
  });
});

describe("reportStartFailure", () => {
  it("leaves the parts as JSON in mockctl dev's file, and prints nothing", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mockctl-start-failure-")), "why.json");
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    reportStartFailure(listenError("EADDRINUSE"), { [START_FAILURE_FILE]: file });
    expect(printed).not.toHaveBeenCalled();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(whyNotStarted(listenError("EADDRINUSE")));
    printed.mockRestore();
  });

  it("prints npm start's line without the file, or when the file cannot be written", () => {
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    reportStartFailure(listenError("EADDRINUSE"), {});
    reportStartFailure(listenError("EADDRINUSE"), { [START_FAILURE_FILE]: "/nonexistent/folder/why.json" });
    expect(printed.mock.calls).toEqual([
      [startFailure(listenError("EADDRINUSE"))],
      [startFailure(listenError("EADDRINUSE"))],
    ]);
    printed.mockRestore();
  });
});
