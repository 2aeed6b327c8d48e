import {
  type UserCall,
  type UserCodeKind,
  type UserFunction,
  type UserOutcome,
  userFunctionKey,
} from "@mockctl/core";
import { RUNTIME_MODULE } from "./runtime-module.ts";
import { TWO_PHASE_FUNCTIONS, TWO_PHASE_METHODS } from "./two-phase.ts";

/** The loaded worker's main entrypoint, as the caller sees it over RPC (`main.js` below). */
export interface UserCodeEntrypoint {
  run(call: UserCall): Promise<UserOutcome>;
  /** The local host's call in two phases (two-phase.ts); Cloudflare's edge calls `run`. */
  start(call: UserCall, limitMs: number): Promise<{ done: UserOutcome } | { pending: string }>;
  /** The outcome, or `{ late: true }` when it had none within `waitMs` (the host answers the timeout). */
  finish(id: string, waitMs: number): Promise<UserOutcome | { late: true }>;
}

/** The module text of one loaded worker, plus where each user function lives in it. */
export interface UserCodeModules {
  mainModule: string;
  /** Module name to JavaScript text, in a fixed order so that equal inputs give equal text. */
  modules: Record<string, string>;
  /** The module holding (kind, source), or undefined when it was not built in. */
  moduleFor(kind: UserCodeKind, source: string): string | undefined;
  /** The loaded worker's compatibility flags: `nodejs_compat` only where a function names Buffer or require. */
  compatibilityFlags: string[];
}

// workerd's nodejs_compat cost each loaded worker's first call about 5 ms here, and importing the modules
// behind `require` 20 ms more (60 imposters, 2026-11-29): paid only by code that names them.
const NAMES_BUFFER = /\bBuffer\b/;
const NAMES_REQUIRE = /\brequire\b/;

// Each wrapper takes the names Mountebank's eval had in scope, so a function that reads them as free
// variables (the old interface) still finds them. The source is pasted into the body, on one line with
// its call as in mb's `(${fn})(...)`, and evaluated on every call: like mb's eval, a closure the
// expression builds does not survive from one request to the next.
const PARAMETERS: Record<UserCodeKind, string> = {
  predicate: "config, logger, imposterState",
  response: "config, injectState, logger, done, imposterState",
  decorate: "config, response, logger",
  wait: "",
  generator: "config",
};

const NODE = "node.js";

/**
 * The Node globals mb's functions use (they run inside a Node module there) beyond what workerd's
 * `nodejs_compat` gives (`Buffer`): `require` of the modules that make sense without a file system or a
 * network (`buffer`, `crypto`, `util`), set on the loaded worker's global before any function runs.
 */
export const NODE_MODULE = `import * as buffer from "node:buffer";
import * as crypto from "node:crypto";
import * as util from "node:util";
const MODULES = { buffer, crypto, util };
function require(name) {
  const found = MODULES[String(name).replace(/^node:/, "")];
  if (found === undefined) {
    throw new Error("require('" + name + "') is not available to user code here: only buffer, crypto and util are");
  }
  return found;
}
Object.defineProperty(globalThis, "require", { value: require, configurable: true });
`;

/** The module of one user function: a default export that evaluates and calls the source. */
export function functionModule(kind: UserCodeKind, source: string): string {
  const parameters = PARAMETERS[kind];
  // mb's functions run in a Node module and its examples read `process.env.X || default`; here each call
  // gets a process with an empty env and nothing else (issue 7), and the module's other free names. On the
  // header's line, so the source's line numbers in errors stay where mb reports them.
  const scope =
    "const process = { env: {} }, global = globalThis, module = { exports: {} }, exports = module.exports;";
  return `export default function (${parameters}) { ${scope}\nreturn (${source})(${parameters});\n}\n`;
}

/**
 * Stands in for a function whose module would not compile (or threw while it was evaluated), so that
 * the rest of the imposter's functions still load: calling it fails with the compiler's message, which
 * is what Mountebank's eval reports as `data` for a syntax error.
 */
export function brokenModule(message: string): string {
  return `export default function () {\nthrow new Error(${JSON.stringify(message)});\n}\n`;
}

const MAIN = "main.js";
const RUNTIME = "runtime.js";

function mainModule(names: string[], node: boolean): string {
  const imports = names.map((name, i) => `import f${i} from "./${name}";\n`).join("");
  const table = names.map((name, i) => `  ${JSON.stringify(name)}: f${i},\n`).join("");
  return `import { WorkerEntrypoint } from "cloudflare:workers";
${node ? `import "./${NODE}";\n` : ""}import { run } from "./${RUNTIME}";
${imports}
const FUNCTIONS = {
${table}};
${TWO_PHASE_FUNCTIONS}
export default class UserCode extends WorkerEntrypoint {
  run(call) {
    return run(FUNCTIONS[call.module], call);
  }
${TWO_PHASE_METHODS}}
`;
}

/**
 * Builds the loaded worker for a set of user functions: `main.js` (the RPC entrypoint), `runtime.js`
 * and one module per function, `f0.js`, `f1.js`… in the order given. `broken` maps a module name to the
 * error it failed to start with; that module is replaced by one that throws it. Nothing is evaluated.
 */
export function buildUserCodeModules(
  functions: readonly UserFunction[],
  broken: ReadonlyMap<string, string> = new Map(),
): UserCodeModules {
  const names = new Map<string, string>();
  const modules: Record<string, string> = { [MAIN]: "", [RUNTIME]: RUNTIME_MODULE };
  const requires = functions.some(({ source }) => NAMES_REQUIRE.test(source));
  if (requires) modules[NODE] = NODE_MODULE;
  functions.forEach(({ kind, source }, i) => {
    const key = userFunctionKey(kind, source);
    if (names.has(key)) return;
    const name = `f${i}.js`;
    names.set(key, name);
    const failure = broken.get(name);
    modules[name] = failure === undefined ? functionModule(kind, source) : brokenModule(failure);
  });
  modules[MAIN] = mainModule([...names.values()], requires);
  const node = requires || functions.some(({ source }) => NAMES_BUFFER.test(source));
  return {
    mainModule: MAIN,
    modules,
    moduleFor: (kind, source) => names.get(userFunctionKey(kind, source)),
    compatibilityFlags: node ? ["nodejs_compat"] : [],
  };
}
