export { createEngine } from "./create-engine.ts";
export { failureResponse } from "./failure-response.ts";
export { isStatefulStub } from "./stateful.ts";
export * from "./types.ts";
