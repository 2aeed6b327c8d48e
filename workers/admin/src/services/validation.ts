import { type ImposterDraft, MbFailure, type Result, type Stub } from "@mockctl/core";
import {
  parseStubIndex,
  STUB_INDEX_STATUS,
  type ValidationOptions,
  validateAddStubBody,
  validateImposter,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "../core.ts";
import type { AdminContext } from "../env.ts";
import { HttpFailure } from "../middleware/errors.ts";
import { allowsInjection } from "./workspaces.ts";

/**
 * The admin API's side of the core validator (Mountebank's dry run, messages and the platform's limits).
 * Failures are thrown for the error middleware; each code keeps its status (`bad data` 400, `limit
 * exceeded` 413) except the stub index, which mb answers with 404.
 */
function orThrow<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new MbFailure(...result.errors);
}

async function options(admin: AdminContext): Promise<ValidationOptions> {
  return { allowInjection: await allowsInjection(admin) };
}

export async function validImposter(admin: AdminContext, body: unknown): Promise<ImposterDraft> {
  return orThrow(validateImposter(body, await options(admin)));
}

/** PUT /imposters: every imposter is checked (and every error reported) before anything is replaced. */
export async function validImposters(admin: AdminContext, body: unknown): Promise<ImposterDraft[]> {
  return orThrow(validateImpostersBody(body, await options(admin)));
}

export async function validStubs(admin: AdminContext, body: unknown): Promise<Stub[]> {
  return orThrow(validateStubsBody(body, await options(admin)));
}

export async function validNewStub(admin: AdminContext, stub: unknown): Promise<Stub> {
  return orThrow(validateNewStub(stub, await options(admin)));
}

export async function validAddStub(admin: AdminContext, body: unknown, stubCount: number) {
  return orThrow(validateAddStubBody(body, stubCount, await options(admin)));
}

export function validStubIndex(segment: string, stubCount: number): number {
  const result = parseStubIndex(segment, stubCount);
  if (result.ok) return result.value;
  throw new HttpFailure(STUB_INDEX_STATUS, ...result.errors);
}
