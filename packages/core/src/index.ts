export * from "./behaviors/index.ts";
export * from "./compiler/index.ts";
export * from "./engine/index.ts";
export * from "./errors.ts";
export * from "./explain/index.ts";
export * from "./predicates/index.ts";
export * from "./printer/index.ts";
export * from "./proxy/index.ts";
// JSON's tokens read in place, for the edge's scan of a body's read fields (body-scan.ts).
export { literalEnd, numberEnd, skipSpace, stringEnd } from "./readers/json-lexer.ts";
// The regex engine choice and the regex sources of a stub, for `mockctl validate`'s warnings.
export { compileUserRegex } from "./regex/index.ts";
export { decodeRequestBody, normalizeRequest } from "./request/normalize.ts";
export { parseQueryString } from "./request/querystring.ts";
export { formatTarget } from "./request/target.ts";
export { createRequestView } from "./request/view.ts";
export * from "./responses/index.ts";
export * from "./schemas/index.ts";
// The body parse and the plain JSONPath chains the predicates see, for the edge's route memo to key by
// the fields they read.
export { parseJsonBody } from "./select/depth.ts";
export { plainNames } from "./select/jsonpath.ts";
export * from "./templates/index.ts";
export * from "./user-code/index.ts";
export * from "./validation/index.ts";
export { regexSources } from "./validation/regex-sources.ts";
