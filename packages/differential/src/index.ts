// The kit other packages run the differential cases with (infra/e2e runs them against the local platform).
export { createAdminApiTarget, createMbTarget, edgeRoute, type ImposterRoute } from "./admin-api-target.ts";
export { behaviorCases } from "./behaviors.cases.ts";
export type { ExchangeCase, ValidationCase } from "./case-types.ts";
export { type Comparable, comparable, IGNORED_HEADERS } from "./compare.ts";
export { freePort, type MbProcess, startMountebank } from "./mb-process.ts";
export { predicateCases } from "./predicates.cases.ts";
export { recordingCases } from "./recording.cases.ts";
export { responseCases } from "./responses.cases.ts";
export { type Expectation, type Pair, runExchange, runValidation } from "./runner.ts";
export type { Target } from "./target.ts";
export { validationCases } from "./validation.cases.ts";
export { send, type WireRequest, type WireResponse } from "./wire.ts";
