export { applyBehaviors, type BehaviorsResult } from "./apply.ts";
export { CsvError, csvRecords } from "./csv.ts";
export { type BehaviorDeps, INJECTION_NOT_ALLOWED } from "./types.ts";
