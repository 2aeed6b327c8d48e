import { describe, expect, it } from "vitest";
import { parsePlatformArgs } from "./args.ts";
import { startFailure } from "./start-failure.ts";

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
      /^mockctl: --mock .* is not supported: set "recordRequests": true on the imposters to verify$/,
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
