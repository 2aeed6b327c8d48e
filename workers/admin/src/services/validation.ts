import {
  type ImposterDraft,
  parseStubIndex,
  type Result,
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

/**
 * A body is checked as if injection were refused first: one that passes has no user code, and only one that
 * fails makes the workspace's own setting (a D1 read) worth asking, to check it again as the workspace
 * allows. Each check works on its own copy of the body. So a create reads no workspace row
 * (infra/bench/ADMIN-CHANGES.md).
 */
async function checked<T>(admin: AdminContext, check: (options: ValidationOptions) => Result<T>): Promise<T> {
  if (admin.env.ALLOW_INJECTION === "true") return unwrap(check({ allowInjection: true }));
  const refusing = check({ allowInjection: false });
  if (refusing.ok || !(await allowsInjection(admin))) return unwrap(refusing);
  return unwrap(check({ allowInjection: true }));
}

export function validImposter(admin: AdminContext, body: unknown): Promise<ImposterDraft> {
  return checked(admin, (options) => validateImposter(body, options));
}

/** PUT /imposters: every imposter is checked (and every error reported) before anything is replaced. */
export function validImposters(admin: AdminContext, body: unknown): Promise<ImposterDraft[]> {
  return checked(admin, (options) => validateImpostersBody(body, options));
}

export function validStubs(admin: AdminContext, body: unknown): Promise<Stub[]> {
  return checked(admin, (options) => validateStubsBody(body, options));
}

export function validNewStub(admin: AdminContext, stub: unknown): Promise<Stub> {
  return checked(admin, (options) => validateNewStub(stub, options));
}

export function validAddStub(admin: AdminContext, body: unknown, stubCount: number) {
  return checked(admin, (options) => validateAddStubBody(body, stubCount, options));
}

export function validStubIndex(segment: string, stubCount: number): number {
  return unwrap(parseStubIndex(segment, stubCount));
}
