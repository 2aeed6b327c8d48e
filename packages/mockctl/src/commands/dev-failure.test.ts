import { describe, expect, it } from "vitest";
import { notStartedError } from "./dev-failure.ts";

// The launcher's reason for not starting, as `mockctl dev`'s error (its exit code, hint and usage line).
describe("notStartedError", () => {
  it.each([
    [
      "a reason the user can act on",
      { message: "port 1 is already in use", hint: "choose another with --port <number>" },
      { message: "port 1 is already in use", hint: "Choose another with --port <number>.", exitCode: 1 },
    ],
    [
      "a wrong flag, with the launcher's hint",
      { message: "--mock is not supported", hint: "set recordRequests", usage: true },
      {
        hint: "Set recordRequests. Run `mockctl dev --help` for usage.",
        exitCode: 2,
      },
    ],
    [
      "a wrong value",
      { message: "invalid --origin nope", usage: true },
      { hint: "Run `mockctl dev --help` for usage.", exitCode: 2 },
    ],
    [
      "a fault of ours, its stack as details",
      { message: "could not start: TypeError: boom", details: ["at start (x.js:1:1)"] },
      { details: ["at start (x.js:1:1)"], hint: undefined, exitCode: 1 },
    ],
  ])("%s", (_name, why, error) => {
    expect(notStartedError(why, 1)).toMatchObject(error);
  });
});
