export { dryRunStub } from "./dry-run.ts";
export { SHELL_NOT_ALLOWED, SHELL_UNSUPPORTED } from "./injection-gate.ts";
export {
  DEFAULT_LIMITS,
  imposterSizeError,
  type Limits,
  limitExceeded,
  resolveLimits,
  stubCountError,
} from "./limits.ts";
export {
  parseStubIndex,
  validateAddStubBody,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "./stub-bodies.ts";
export { upcast, upcastStub } from "./upcast.ts";
export { type ValidationOptions, validateImposter } from "./validate-imposter.ts";
export { utf8Length } from "./values.ts";
export {
  DEFAULT_WORKSPACE_LIMITS,
  definitionBytes,
  imposterCountError,
  parseWorkspaceLimits,
  storedBytesError,
  type WorkspaceLimits,
} from "./workspace-limits.ts";
