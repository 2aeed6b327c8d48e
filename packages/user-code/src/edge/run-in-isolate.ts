import type { UserCall, UserCodeKind, UserOutcome } from "@mockctl/core";
import type { UserCodeEntrypoint, UserCodeModules } from "../guest/index.ts";
import { USER_CODE_CPU_MS } from "./deadline.ts";
import { type HostCallOptions, hasHost, runOnHost, type UserCodeHostEnv } from "./host-client.ts";
import type { UserCodeProgram } from "./program.ts";
import { parseStartFailure } from "./start-failure.ts";

/** The Worker Loader, or locally the user-code host that stands in for it (host-client.ts). */
export interface UserCodeEnv extends UserCodeHostEnv {
  LOADER: WorkerLoader;
}

const COMPATIBILITY_DATE = "2026-04-20";

function workerCode(code: UserCodeModules): WorkerLoaderWorkerCode {
  return {
    compatibilityDate: COMPATIBILITY_DATE,
    // nodejs_compat where a function names Buffer or require (guest/build-modules.ts).
    compatibilityFlags: code.compatibilityFlags,
    mainModule: code.mainModule,
    modules: code.modules,
    env: {},
    // No network: fetch() and connect() throw inside user code.
    globalOutbound: null,
    limits: { cpuMs: USER_CODE_CPU_MS },
  };
}

function loaderEntry(loader: WorkerLoader, id: string, code: UserCodeModules): UserCodeEntrypoint {
  return loader.get(id, () => workerCode(code)).getEntrypoint() as unknown as UserCodeEntrypoint;
}

// workerd cancels a call whose promise can no longer settle (no timer, no I/O pending) with a long
// message about "your Worker's code"; the user reads it as their function's failure.
const HUNG = "detected that your Worker's code had hung";

export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(HUNG) ? "user code never answered" : message;
}

/**
 * Calls one user function in the imposter's loaded worker. When the worker cannot start because one of
 * its function modules does not compile, that module is replaced and the call is tried again, at most
 * once per function; any other error of the platform (not of the function) is thrown.
 */
export async function runInIsolate(
  env: UserCodeEnv,
  program: UserCodeProgram,
  kind: UserCodeKind,
  source: string,
  inputs: Omit<UserCall, "kind" | "module">,
  hostCall?: HostCallOptions,
): Promise<UserOutcome> {
  for (let attempt = 0; ; attempt++) {
    const { id, code } = await program.current(kind, source);
    const module = code.moduleFor(kind, source) ?? "";
    const call: UserCall = { kind, module, ...inputs };
    try {
      return !hasHost(env) || hostCall === undefined
        ? await loaderEntry(env.LOADER, id, code).run(call)
        : await runOnHost(env, id, { ...code, compatibilityDate: COMPATIBILITY_DATE }, call, hostCall);
    } catch (error) {
      const failure = parseStartFailure(messageOf(error));
      if (failure === undefined || attempt > program.size || !program.markBroken(failure)) throw error;
    }
  }
}
