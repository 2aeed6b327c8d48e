export { decodeBase64, encodeBase64 } from "./base64.ts";
export { applyCors } from "./cors.ts";
export { appendToCycle, expandRepeats, MAX_CYCLE_LENGTH, nextResponse, repeatCount } from "./cycle.ts";
export { NO_MATCH_RESPONSE, noMatchResponse } from "./no-match.ts";
export { precompileResponse } from "./precompile.ts";
export { renderIs } from "./render-is.ts";
export { resolveResponse } from "./resolve.ts";
export { FAULTS, type Fault, type ResolveContext, type ResolveDeps, type ResolvedResponse } from "./types.ts";
