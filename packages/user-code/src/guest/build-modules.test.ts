import type { UserFunction } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { brokenModule, buildUserCodeModules, functionModule } from "./build-modules.ts";
import { RUNTIME_MODULE } from "./runtime-module.ts";

const FUNCTIONS: UserFunction[] = [
  { kind: "predicate", source: "(config) => true" },
  { kind: "response", source: "function (config) { return {}; }" },
  { kind: "decorate", source: "(c, r) => r" },
  { kind: "wait", source: "() => 5" },
];

describe("functionModule", () => {
  // The source sits between the parentheses of Mountebank's own invocation (see errors.ts).
  it.each([
    ["predicate", "return (SRC)(config, logger, imposterState);", "config, logger, imposterState"],
    [
      "response",
      "return (SRC)(config, injectState, logger, done, imposterState);",
      "config, injectState, logger, done, imposterState",
    ],
    ["decorate", "return (SRC)(config, response, logger);", "config, response, logger"],
    ["wait", "return (SRC)();", ""],
  ] as const)("%s calls the source as mb's eval does", (kind, call, parameters) => {
    const [header, line, end] = functionModule(kind, "SRC").split("\n");
    expect(header).toMatch(
      new RegExp(`export default function \\(${parameters}\\) \\{ const process = \\{ env: \\{\\} \\}`),
    );
    expect([line, end]).toEqual([call, "}"]);
  });

  it("keeps a trailing line comment on the call's line, so it breaks as it does in mb", () => {
    expect(functionModule("wait", "() => 1 // ms")).toContain("return (() => 1 // ms)();");
  });
});

describe("buildUserCodeModules", () => {
  it("builds a main module that imports the runtime and every function", () => {
    const built = buildUserCodeModules(FUNCTIONS);
    expect(built.mainModule).toBe("main.js");
    expect(Object.keys(built.modules)).toEqual(["main.js", "runtime.js", "f0.js", "f1.js", "f2.js", "f3.js"]);
    expect(built.modules["runtime.js"]).toBe(RUNTIME_MODULE);
    const main = built.modules["main.js"] ?? "";
    expect(main).toContain('import { run } from "./runtime.js";');
    for (const [i, name] of ["f0.js", "f1.js", "f2.js", "f3.js"].entries()) {
      expect(main).toContain(`import f${i} from "./${name}";`);
      expect(main).toContain(`"${name}": f${i},`);
    }
    expect(main).toContain("export default class UserCode extends WorkerEntrypoint");
  });

  it("finds each function's module by kind and source", () => {
    const built = buildUserCodeModules(FUNCTIONS);
    expect(built.moduleFor("decorate", "(c, r) => r")).toBe("f2.js");
    expect(built.modules["f2.js"]).toBe(functionModule("decorate", "(c, r) => r"));
    expect(built.moduleFor("response", "(c, r) => r")).toBeUndefined();
  });

  it("builds a source given twice once", () => {
    const built = buildUserCodeModules([FUNCTIONS[0]!, FUNCTIONS[0]!, FUNCTIONS[3]!]);
    expect(Object.keys(built.modules)).toEqual(["main.js", "runtime.js", "f0.js", "f2.js"]);
  });

  it("gives equal text for equal input, and different text for a different source", () => {
    const a = buildUserCodeModules(FUNCTIONS).modules;
    expect(buildUserCodeModules(FUNCTIONS.map((fn) => ({ ...fn }))).modules).toEqual(a);
    const changed = [...FUNCTIONS.slice(0, 3), { kind: "wait", source: "() => 6" } as const];
    expect(buildUserCodeModules(changed).modules).not.toEqual(a);
  });

  it("replaces a module that failed to start with one that throws its error", () => {
    const built = buildUserCodeModules(FUNCTIONS, new Map([["f1.js", "Unexpected token ';'"]]));
    expect(built.modules["f1.js"]).toBe(brokenModule("Unexpected token ';'"));
    expect(built.modules["f1.js"]).toContain(`throw new Error("Unexpected token ';'");`);
    expect(built.modules["f0.js"]).toBe(functionModule("predicate", "(config) => true"));
    expect(built.moduleFor("response", "function (config) { return {}; }")).toBe("f1.js");
  });

  it("builds a worker with no functions", () => {
    const built = buildUserCodeModules([]);
    expect(Object.keys(built.modules)).toEqual(["main.js", "runtime.js"]);
    expect(built.modules["main.js"]).toContain("const FUNCTIONS = {\n};");
  });
});

describe("Node's globals in the loaded worker", () => {
  it.each([
    ["neither", "(config) => ({ body: 'plain' })", [], false],
    ["Buffer", "(config) => ({ body: Buffer.from('x').toString('base64') })", ["nodejs_compat"], false],
    ["require", "(config) => ({ body: typeof require('crypto') })", ["nodejs_compat"], true],
  ] as const)("are loaded only where a function names them: %s", (_name, source, flags, shim) => {
    const built = buildUserCodeModules([{ kind: "response", source }]);
    expect(built.compatibilityFlags).toEqual(flags);
    expect("node.js" in built.modules).toBe(shim);
    expect(built.modules["main.js"]?.includes('import "./node.js"')).toBe(shim);
  });
});
