import {
  type ImposterDraft,
  parseStubIndex,
  type Stub,
  unwrap,
  type ValidationOptions,
  validateAddStubBody,
  validateImposter,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { allowsInjection } from "./workspaces.ts";

/**
 * The admin API's side of the core validator (Mountebank's dry run, messages and the platform's limits).
 * Failures are thrown for the error middleware, which answers each with its kind's status.
 */

async function options(admin: AdminContext): Promise<ValidationOptions> {
  return { allowInjection: await allowsInjection(admin) };
}

export async function validImposter(admin: AdminContext, body: unknown): Promise<ImposterDraft> {
  return unwrap(validateImposter(body, await options(admin)));
}

/** PUT /imposters: every imposter is checked (and every error reported) before anything is replaced. */
export async function validImposters(admin: AdminContext, body: unknown): Promise<ImposterDraft[]> {
  return unwrap(validateImpostersBody(body, await options(admin)));
}

export async function validStubs(admin: AdminContext, body: unknown): Promise<Stub[]> {
  return unwrap(validateStubsBody(body, await options(admin)));
}

export async function validNewStub(admin: AdminContext, stub: unknown): Promise<Stub> {
  return unwrap(validateNewStub(stub, await options(admin)));
}

export async function validAddStub(admin: AdminContext, body: unknown, stubCount: number) {
  return unwrap(validateAddStubBody(body, stubCount, await options(admin)));
}

export function validStubIndex(segment: string, stubCount: number): number {
  return unwrap(parseStubIndex(segment, stubCount));
}
