import type { MbError } from "../../src/errors.ts";

/** The admin call a case exercises: the recorder sends it to mb, the test hands it to our validator. */
export type AdminCall = "postImposter" | "putImposters" | "putStubs" | "postStub" | "putStub" | "deleteStub";

/**
 * One input, checked against mb 2.9.1: `mb-2.9.1.json` holds mb's answer to it (recorded by
 * record.test.ts; 2611 is a plain mb, 2612 one started with --allowInjection). The stub calls run
 * against an imposter holding exactly one stub.
 */
export interface MbCase {
  name: string;
  call: AdminCall;
  body: unknown;
  /** `:stubIndex` for putStub and deleteStub. */
  stubIndex?: string;
  allowInjection?: boolean;
  /** mb 2.9.1 dies on this body (an unhandled exception): it is not sent, and we answer a 400. */
  mbCrashes?: true;
  /**
   * Where we answer differently on purpose (see the report's deviations): "ok", or our errors, matched
   * on the fields given. Without it, our answer must equal mb's: same status, same code/message/source.
   */
  ours?: "ok" | Array<Partial<MbError>>;
}

/** A stub whose only purpose is to be valid. */
export const OK_RESPONSE = { is: { body: "ok" } };

/** POST /imposters with these stubs on an http imposter without a port. */
export function withStubs(name: string, stubs: unknown[], extra: Partial<MbCase> = {}): MbCase {
  return { name, call: "postImposter", body: { protocol: "http", stubs }, ...extra };
}

/** POST /imposters with one stub holding these responses. */
export function withResponses(name: string, responses: unknown[], extra: Partial<MbCase> = {}): MbCase {
  return withStubs(name, [{ responses }], extra);
}

/** POST /imposters with one response carrying these behaviors. */
export function withBehaviors(name: string, behaviors: unknown, extra: Partial<MbCase> = {}): MbCase {
  return withResponses(name, [{ is: {}, behaviors }], extra);
}
