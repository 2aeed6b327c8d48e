import { BEHAVIOR_CASES } from "./behaviors.ts";
import { BODY_CASES } from "./bodies.ts";
import { HEADER_CASES } from "./header.ts";
import { INJECTION_CASES } from "./injection.ts";
import { PREDICATE_CASES } from "./predicates.ts";
import { PROXY_CASES } from "./proxy.ts";
import type { MbCase } from "./types.ts";

export type { AdminCall, MbCase } from "./types.ts";

export const MB_CASES: MbCase[] = [
  ...HEADER_CASES,
  ...BEHAVIOR_CASES,
  ...INJECTION_CASES,
  ...PREDICATE_CASES,
  ...PROXY_CASES,
  ...BODY_CASES,
];
