import { z } from "zod";

export const SelectorMethodSchema = z.enum(["regex", "xpath", "jsonpath"]);

/** `from` is a request field name, or a one-key path such as `{ query: "q" }`. */
export const FromSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

export const CopySchema = z.looseObject({
  from: FromSchema,
  into: z.string(),
  using: z.looseObject({
    method: SelectorMethodSchema,
    selector: z.string(),
    ns: z.record(z.string(), z.string()).optional(),
    options: z
      .looseObject({ ignoreCase: z.boolean().optional(), multiline: z.boolean().optional() })
      .optional(),
  }),
});
export type Copy = z.infer<typeof CopySchema>;

export const LookupSchema = z.looseObject({
  key: z.looseObject({
    from: FromSchema,
    using: CopySchema.shape.using,
    index: z.number().optional(),
  }),
  fromDataSource: z.looseObject({
    csv: z.looseObject({ path: z.string(), keyColumn: z.string(), delimiter: z.string().optional() }),
  }),
  into: z.string(),
});
export type Lookup = z.infer<typeof LookupSchema>;

/** One element of a `behaviors` array: exactly one of these keys (checked by the validator). */
export const BehaviorSchema = z.looseObject({
  wait: z.union([z.number(), z.string()]).optional(),
  copy: CopySchema.optional(),
  lookup: LookupSchema.optional(),
  decorate: z.string().optional(),
  shellTransform: z.string().optional(),
});
export type Behavior = z.infer<typeof BehaviorSchema>;

export const BEHAVIOR_KEYS = ["wait", "copy", "lookup", "shellTransform", "decorate"] as const;
