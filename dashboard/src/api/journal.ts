import { MbRequestSchema } from "@mockctl/core";
import { z } from "zod";

// The live journal and the near-miss answer, as fixed for this round (the apidoc branch writes them in
// @mockctl/contract's journal-api.ts; these mirror that shape until it is merged).

export const JournalEventSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  request: MbRequestSchema.loose(),
  stubIndex: z.number().int().nullable(),
});
export type JournalEvent = z.infer<typeof JournalEventSchema>;

export const HelloEventSchema = z.object({ seq: z.number().int() });

export const NearMissSchema = z.object({
  stubIndex: z.number().int(),
  predicateIndex: z.number().int(),
  predicate: z.unknown(),
  field: z.string(),
  operator: z.string(),
  expected: z.unknown(),
  actual: z.unknown(),
});
export type NearMiss = z.infer<typeof NearMissSchema>;

export const ExplainAnswerSchema = z.object({
  stubIndex: z.number().int().nullable(),
  nearMisses: z.array(NearMissSchema),
});
export type ExplainAnswer = z.infer<typeof ExplainAnswerSchema>;
