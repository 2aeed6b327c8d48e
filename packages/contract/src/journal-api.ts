import { FieldMapSchema, MbRequestSchema, PREDICATE_OPERATORS, PredicateSchema } from "@mockctl/core";
import { z } from "zod";

// The paths, event names and keep-alive period live in journal-events.ts, free of zod, because the edge
// Worker's bundle uses them and must not carry zod (infra/cloudflare/dry-run.test.ts). Re-exported here so
// the subpath `@mockctl/contract/journal-api` keeps everything about the two routes.
export { JOURNAL_EVENTS, JOURNAL_PATHS, KEEP_ALIVE_MS } from "./journal-events.ts";

const seqSchema = z.number().int().nonnegative();
const stubIndexSchema = z.number().int().nonnegative();

export const journalStreamQuerySchema = z.object({
  /** Replay the retained entries after this sequence number before the live ones. */
  since: z.coerce.number().int().nonnegative().optional(),
});

/** `event: hello`: the last sequence number the object has given (0 when none), sent first. */
export const journalHelloSchema = z.object({
  seq: seqSchema,
  /** The imposter's version as the stream opened (absent from platforms before it was sent). */
  version: z.number().int().nonnegative().optional(),
});
export type JournalHello = z.infer<typeof journalHelloSchema>;

/** `event: request`: one recorded request, numbered from 1 in the order the object recorded them. */
export const journalEntrySchema = z.object({
  seq: seqSchema.min(1),
  at: z.iso.datetime(),
  /** The request exactly as `GET /imposters/:id` lists it in `requests`. */
  request: MbRequestSchema,
  /** The stub that answered, or null when none matched (the default response). */
  stubIndex: stubIndexSchema.nullable(),
  /**
   * The imposter's version that answered (the `ETag` of GET /imposters/:id): `stubIndex` indexes its stub
   * list, which a proxy's recording or an edit has changed when the version is no longer the current one.
   * Absent for entries recorded before versions were kept.
   */
  version: z.number().int().nonnegative().optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * `event: stubs`: a proxy saved an answer (mb's proxyOnce or proxyAlways recording), so the stubs changed.
 * Sent once the change is written, after the `request` event of the request that was proxied; not replayed
 * by `?since=`. Clients that do not know it skip it (an event stream's unknown events are ignored).
 */
export const journalStubsSchema = z.object({
  /** When the answer was saved. */
  at: z.iso.datetime(),
  /** The stub that now holds the saved answer: inserted there (proxyOnce) or appended to (proxyAlways). */
  stubIndex: stubIndexSchema,
  /** The proxy stub that recorded it, at its position after the change (proxyOnce moves it down by one). */
  proxyIndex: stubIndexSchema,
  /** How many stubs the imposter has now. */
  count: z.number().int().nonnegative(),
});
export type JournalStubs = z.infer<typeof journalStubsSchema>;

/** `event: version`: the imposter's version after a change (the `version` of `GET /imposters/:id`). */
export const journalVersionSchema = z.object({ version: z.number().int().nonnegative() });
export type JournalVersion = z.infer<typeof journalVersionSchema>;

/** The request to explain: an mb request; what is left out is empty, as in a bare `GET /`. */
export const explainRequestSchema = z.object({
  request: z.object({
    method: z.string().default("GET"),
    path: z.string().default("/"),
    query: FieldMapSchema.default({}),
    headers: FieldMapSchema.default({}),
    body: z.string().default(""),
    form: FieldMapSchema.optional(),
    requestFrom: z.string().optional(),
    ip: z.string().optional(),
  }),
});
export type ExplainRequest = z.input<typeof explainRequestSchema>;

/** The operator a near miss reports: a predicate's operator, or its selector when the selector found nothing. */
export const nearMissOperatorSchema = z.enum([...PREDICATE_OPERATORS, "jsonpath", "xpath"]);
export type NearMissOperator = z.infer<typeof nearMissOperatorSchema>;

/** One failing comparison: `field` names it as `path`, `query.q`, `headers.accept`, `body` or `body $.a.b`. */
export const predicateFailureSchema = z.object({
  field: z.string(),
  operator: nearMissOperatorSchema,
  expected: z.unknown(),
  /** What the request had there (keys folded as the predicate folds them, its selector applied, values as
   * sent, except not removed), or null when it had nothing. */
  actual: z.unknown().nullable(),
});
export type PredicateFailure = z.infer<typeof predicateFailureSchema>;

export const nearMissSchema = predicateFailureSchema.extend({
  stubIndex: stubIndexSchema,
  /** The position of the failing predicate in the stub's `predicates`. */
  predicateIndex: z.number().int().nonnegative(),
  /** The predicate as the stub defines it. */
  predicate: PredicateSchema,
  /** For `and`, `or` and `not`: the first inner predicate that decided the failure, when one did. */
  inner: predicateFailureSchema.extend({ predicate: PredicateSchema }).optional(),
});
export type NearMiss = z.infer<typeof nearMissSchema>;

export const explainAnswerSchema = z.object({
  /** The stub that would answer this request now, or null when none matches. */
  stubIndex: stubIndexSchema.nullable(),
  /** The closest non-matching stubs (most predicates satisfied first), at most five, each's first failure. */
  nearMisses: z.array(nearMissSchema).max(5),
});
export type ExplainAnswer = z.infer<typeof explainAnswerSchema>;
