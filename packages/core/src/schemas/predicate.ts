import { z } from "zod";

/** The field map a comparison operator tests, e.g. `{ path: "/a", query: { q: "1" } }`. */
export const FieldsSchema = z.record(z.string(), z.unknown());

export const JsonPathSchema = z.looseObject({ selector: z.string() });
export const XPathSchema = z.looseObject({
  selector: z.string(),
  ns: z.record(z.string(), z.string()).optional(),
});

export interface Predicate {
  equals?: Record<string, unknown>;
  deepEquals?: Record<string, unknown>;
  contains?: Record<string, unknown>;
  startsWith?: Record<string, unknown>;
  endsWith?: Record<string, unknown>;
  matches?: Record<string, unknown>;
  exists?: Record<string, unknown>;
  not?: Predicate;
  or?: Predicate[];
  and?: Predicate[];
  inject?: string;
  caseSensitive?: boolean;
  keyCaseSensitive?: boolean;
  except?: string;
  jsonpath?: z.infer<typeof JsonPathSchema>;
  xpath?: z.infer<typeof XPathSchema>;
  [extra: string]: unknown;
}

export { PREDICATE_OPERATORS, type PredicateOperator } from "./operators.ts";

export const PredicateSchema: z.ZodType<Predicate> = z.lazy(() =>
  z.looseObject({
    equals: FieldsSchema.optional(),
    deepEquals: FieldsSchema.optional(),
    contains: FieldsSchema.optional(),
    startsWith: FieldsSchema.optional(),
    endsWith: FieldsSchema.optional(),
    matches: FieldsSchema.optional(),
    exists: FieldsSchema.optional(),
    not: PredicateSchema.optional(),
    or: z.array(PredicateSchema).optional(),
    and: z.array(PredicateSchema).optional(),
    inject: z.string().optional(),
    caseSensitive: z.boolean().optional(),
    keyCaseSensitive: z.boolean().optional(),
    except: z.string().optional(),
    jsonpath: JsonPathSchema.optional(),
    xpath: XPathSchema.optional(),
  }),
);
