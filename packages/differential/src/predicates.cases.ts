import type { ExchangeCase } from "./case-types.ts";
import { coercionCases } from "./predicates-coercion.cases.ts";
import { equalsCases } from "./predicates-equals.cases.ts";
import { headerLiteralCases } from "./predicates-header-literals.cases.ts";
import { logicCases } from "./predicates-logic.cases.ts";
import { nestedBodyCases } from "./predicates-nested-body.cases.ts";
import { operatorCases } from "./predicates-operators.cases.ts";
import { requestCases } from "./predicates-request.cases.ts";
import { selectorCases } from "./predicates-selectors.cases.ts";
import { xpathAttributeCases } from "./predicates-xpath-attribute.cases.ts";
import { regexPredicateCases } from "./regex.cases.ts";

/**
 * Every predicate case. The area is split by theme into six files to keep each readable; the rows of
 * the probe table in reference §1.5 are spread among them (search for the row's wording).
 */
export const predicateCases: ExchangeCase[] = [
  ...equalsCases,
  ...nestedBodyCases,
  ...operatorCases,
  ...logicCases,
  ...selectorCases,
  ...xpathAttributeCases,
  ...requestCases,
  ...coercionCases,
  ...regexPredicateCases,
  ...headerLiteralCases,
];
