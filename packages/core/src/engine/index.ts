export { createEngine } from "./create-engine.ts";
export { isStatefulStub } from "./stateful.ts";
export * from "./types.ts";
