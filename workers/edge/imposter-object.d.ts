import type { FrontDoorObjectApi } from "@mockctl/contract";

/**
 * The imposter Durable Object's class (src/imposter-object.ts) as another Worker's test entry sees it:
 * typed without this Worker's Env, so the admin Worker's tests can bind the real object
 * (workers/admin/test/entry.ts) without type-checking the edge under the admin's bindings.
 */
export declare const ImposterObject: new (ctx: DurableObjectState, env: unknown) => FrontDoorObjectApi;
