import { describe, expect, it } from "vitest";
import { userFolder } from "./user-folder.ts";

describe("userFolder", () => {
  it("is the folder npm was run from when npm ran the launcher", () => {
    expect(userFolder({ INIT_CWD: "/home/qa/api" })).toBe("/home/qa/api");
  });

  it("is the working directory when the launcher was run by hand", () => {
    expect(userFolder({})).toBe(process.cwd());
  });
});
