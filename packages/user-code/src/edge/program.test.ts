import type { Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { buildUserCodeModules } from "../guest/index.ts";
import { contentId, programFor, UserCodeProgram } from "./program.ts";

const imposter = (source: string): Imposter => ({
  protocol: "http",
  port: 4547,
  stubs: [{ responses: [{ inject: source }] }],
});

describe("contentId", () => {
  it("names equal code alike and different code apart", async () => {
    const a = await contentId(buildUserCodeModules([{ kind: "wait", source: "() => 1" }]));
    expect(a).toMatch(/^mockctl-user-code-[0-9a-f]{64}$/);
    expect(await contentId(buildUserCodeModules([{ kind: "wait", source: "() => 1" }]))).toBe(a);
    expect(await contentId(buildUserCodeModules([{ kind: "wait", source: "() => 2" }]))).not.toBe(a);
  });

  it("names the same code of two workspaces apart, so their functions share no globals", async () => {
    const code = buildUserCodeModules([{ kind: "wait", source: "() => 1" }]);
    expect(await contentId(code, "team-a")).not.toBe(await contentId(code, "team-b"));
    expect(await contentId(code, "team-a")).toBe(await contentId(code, "team-a"));
  });
});

describe("UserCodeProgram", () => {
  it("adds a function it was not built with, keeping the other modules' names", async () => {
    const program = new UserCodeProgram([{ kind: "wait", source: "() => 1" }]);
    const before = await program.current("wait", "() => 1");
    const after = await program.current("decorate", "(c, r) => r");
    expect(after.id).not.toBe(before.id);
    expect(after.code.moduleFor("wait", "() => 1")).toBe("f0.js");
    expect(after.code.moduleFor("decorate", "(c, r) => r")).toBe("f1.js");
  });

  it("replaces a broken function module, and refuses to blame any other module", async () => {
    const program = new UserCodeProgram([{ kind: "wait", source: "() => 1 +" }]);
    expect(program.markBroken({ module: "main.js", message: "x" })).toBe(false);
    expect(program.markBroken({ module: "f0.js", message: "Unexpected end of input" })).toBe(true);
    const { code } = await program.current("wait", "() => 1 +");
    expect(code.modules["f0.js"]).toContain('throw new Error("Unexpected end of input");');
  });
});

describe("programFor", () => {
  it("shares one program between imposters with the same functions", () => {
    const first = imposter("() => ({})");
    expect(programFor(first)).toBe(programFor(first));
    expect(programFor(imposter("() => ({})"))).toBe(programFor(first));
    expect(programFor(imposter("() => ({ body: 1 })"))).not.toBe(programFor(first));
  });

  it("shares none between workspaces, even for the very same imposter object", async () => {
    const one = imposter("() => ({ body: 'same' })");
    const theirs = programFor(one, "team-b");
    expect(theirs).not.toBe(programFor(one, "local"));
    expect(programFor(imposter("() => ({ body: 'same' })"), "team-b")).toBe(theirs);
    const ours = await programFor(one, "local").current("response", "() => ({ body: 'same' })");
    expect((await theirs.current("response", "() => ({ body: 'same' })")).id).not.toBe(ours.id);
  });
});
