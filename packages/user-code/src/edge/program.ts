import type { Imposter } from "@mockctl/core";
import { type UserCodeKind, type UserFunction, UserFunctionSet, userFunctionsOf } from "@mockctl/core";
import { buildUserCodeModules, type UserCodeModules } from "../guest/index.ts";
import type { StartFailure } from "./start-failure.ts";

/** A build of the loaded worker, named by its content so one id always means one code. */
export interface LoadedCode {
  id: string;
  code: UserCodeModules;
}

/**
 * The loaded worker of one imposter version. It starts from the imposter's functions and changes only
 * when a function turns up that the imposter did not list (it is added) or a module fails to start (it is
 * replaced by one that throws the failure): each change is a new build with a new id.
 */
export class UserCodeProgram {
  readonly #functions: UserFunctionSet;
  readonly #broken = new Map<string, string>();
  #current: Promise<LoadedCode>;

  /** `tenant`: the workspace whose functions these are; no other workspace's call runs in its worker. */
  constructor(
    functions: readonly UserFunction[],
    readonly tenant = "",
  ) {
    this.#functions = new UserFunctionSet(functions);
    this.#current = this.#build();
  }

  get size(): number {
    return this.#functions.list().length;
  }

  /** The current build, which holds (kind, source). */
  current(kind: UserCodeKind, source: string): Promise<LoadedCode> {
    if (!this.#functions.has(kind, source)) {
      this.#functions.add(kind, source);
      this.#current = this.#build();
    }
    return this.#current;
  }

  /** Replaces a module that stopped the worker from starting; false when it is not a function module. */
  markBroken(failure: StartFailure): boolean {
    if (!/^f\d+\.js$/.test(failure.module)) return false;
    if (!this.#broken.has(failure.module)) {
      this.#broken.set(failure.module, failure.message);
      this.#current = this.#build();
    }
    return true;
  }

  async #build(): Promise<LoadedCode> {
    const code = buildUserCodeModules(this.#functions.list(), this.#broken);
    return { id: await contentId(code, this.tenant), code };
  }
}

/**
 * `mockctl-user-code-<sha-256 of the tenant and every module>`: one id is one loaded worker, whose globals
 * every call it runs shares (as mb's functions share its process). Two workspaces with the same function
 * text get two workers, so one tenant's function cannot read what another's left in a global; a hash
 * collision must not run another tenant's code.
 */
export async function contentId(code: UserCodeModules, tenant = ""): Promise<string> {
  const text = JSON.stringify([tenant, code.mainModule, Object.entries(code.modules)]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `mockctl-user-code-${hex}`;
}

const byImposter = new WeakMap<object, UserCodeProgram>();
const byFunctions = new Map<string, UserCodeProgram>();
const MAX_PROGRAMS = 256;

/**
 * The program of an imposter, shared by every caller that holds the same imposter object or one of the same
 * workspace with the same functions, so a module found broken is found once per isolate, not once per request.
 */
export function programFor(imposter: Imposter, tenant = ""): UserCodeProgram {
  const known = byImposter.get(imposter);
  if (known !== undefined && known.tenant === tenant) return known;
  const functions = userFunctionsOf(imposter);
  const key = JSON.stringify([tenant, functions]);
  let program = byFunctions.get(key);
  if (program === undefined) {
    program = new UserCodeProgram(functions, tenant);
    // A Map keeps insertion order: drop the oldest program when full.
    if (byFunctions.size >= MAX_PROGRAMS) byFunctions.delete(byFunctions.keys().next().value ?? "");
    byFunctions.set(key, program);
  }
  byImposter.set(imposter, program);
  return program;
}
