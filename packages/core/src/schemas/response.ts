import { z } from "zod";
import { BehaviorSchema } from "./behavior.ts";
import { PredicateSchema } from "./predicate.ts";

export const HeaderValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown())]);
export const HeadersSchema = z.record(z.string(), z.unknown());

/** An `is` response, also the shape of `defaultResponse`. Every field falls back to the default. */
export const IsSchema = z.looseObject({
  statusCode: z.union([z.number(), z.string()]).optional(),
  headers: HeadersSchema.optional(),
  body: z.unknown().optional(),
  /** mb sends the body as base64-decoded bytes for exactly "binary"; any other value is text, as mb reads it. */
  _mode: z.string().optional(),
  _proxyResponseTime: z.number().optional(),
});
export type IsResponse = z.infer<typeof IsSchema>;

export const PredicateGeneratorSchema = z.looseObject({
  matches: z.record(z.string(), z.unknown()).optional(),
  caseSensitive: z.boolean().optional(),
  except: z.string().optional(),
  jsonpath: z.looseObject({ selector: z.string() }).optional(),
  xpath: z.looseObject({ selector: z.string(), ns: z.record(z.string(), z.string()).optional() }).optional(),
  ignore: z.record(z.string(), z.unknown()).optional(),
  inject: z.string().optional(),
  predicateOperator: z.string().optional(),
});

export const ProxySchema = z.looseObject({
  to: z.string(),
  mode: z.string().optional(),
  predicateGenerators: z.array(PredicateGeneratorSchema).optional(),
  addWaitBehavior: z.boolean().optional(),
  addDecorateBehavior: z.string().optional(),
  injectHeaders: z.record(z.string(), z.unknown()).optional(),
});
export type Proxy = z.infer<typeof ProxySchema>;

export const ResponseSchema = z.looseObject({
  is: IsSchema.optional(),
  proxy: ProxySchema.optional(),
  inject: z.string().optional(),
  fault: z.string().optional(),
  repeat: z.union([z.number(), z.string()]).optional(),
  behaviors: z.array(BehaviorSchema).optional(),
});
export type StubResponse = z.infer<typeof ResponseSchema>;

export const StubSchema = z.looseObject({
  predicates: z.array(PredicateSchema).optional(),
  responses: z.array(ResponseSchema),
});
export type Stub = z.infer<typeof StubSchema>;

export const RESPONSE_TYPES = ["is", "proxy", "inject", "fault"] as const;
