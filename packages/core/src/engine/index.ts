export { createEngine } from "./create-engine.ts";
export { isRecordingStub, isStatefulStub } from "./stateful.ts";
export * from "./types.ts";
