import {
  journalEntrySchema,
  journalHelloSchema,
  journalStubsSchema,
  journalVersionSchema,
} from "@mockctl/contract";
import {
  ImposterDraftSchema,
  ImposterSchema,
  MbRequestSchema,
  PredicateSchema,
  StubSchema,
} from "@mockctl/core";
import { z } from "zod";

/**
 * Schemas the admin API's document needs beyond those the core and the contract define: Mountebank's
 * printed forms and envelopes. Loose objects, as mb's own answers may carry more (the https metadata,
 * `_links`); the request bodies are the core's and the contract's own schemas.
 */
const href = z.object({ href: z.url() });

export const errorsSchema = z.object({
  errors: z.array(
    z.looseObject({
      code: z.string(),
      message: z.string(),
      source: z.unknown().optional(),
      data: z.unknown().optional(),
    }),
  ),
});

export const printedImposterSchema = ImposterSchema.extend({
  stubs: z.array(StubSchema.extend({ _links: z.object({ self: href }).optional() })).optional(),
  numberOfRequests: z.number().int().optional(),
  requests: z.array(MbRequestSchema).optional(),
  /** Ours: where the platform serves the imposter. */
  url: z.string().optional(),
  /** Ours, with `GET /imposters?overview=true`: when it last received a request (null: never). */
  lastActivity: z.iso.datetime().nullable().optional(),
  /** Ours, with `GET /imposters?overview=true`. */
  stubCount: z.number().int().nonnegative().optional(),
  _links: z.object({ self: href, stubs: href }).optional(),
});

export const imposterListSchema = z.object({ imposters: z.array(printedImposterSchema) });
export const impostersBodySchema = z.object({ imposters: z.array(ImposterDraftSchema) });
export const stubsBodySchema = z.object({ stubs: z.array(StubSchema) });
export const addStubBodySchema = z.object({ index: z.number().int().optional(), stub: StubSchema });
export const homeSchema = z.object({ _links: z.record(z.string(), href) });
export const configSchema = z.looseObject({
  version: z.string(),
  options: z.looseObject({}),
  process: z.looseObject({}),
});
export const logsSchema = z.object({ logs: z.array(z.looseObject({})) });

/** Named components: schemas that appear in several places, and the recursive predicate. */
export const COMPONENTS = {
  Predicate: PredicateSchema,
  Stub: StubSchema,
  ImposterDraft: ImposterDraftSchema,
  Imposter: printedImposterSchema,
  Request: MbRequestSchema,
  Errors: errorsSchema,
  // The data of each event of GET /imposters/:id/requests/stream (named in its description).
  JournalHello: journalHelloSchema,
  JournalRequest: journalEntrySchema,
  JournalStubs: journalStubsSchema,
  JournalVersion: journalVersionSchema,
} as const;
