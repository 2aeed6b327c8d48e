import { z } from "zod";
import { RequireKeySchema } from "./require-key.ts";
import { IsSchema, StubSchema } from "./response.ts";

export const PROTOCOLS = ["http", "https"] as const;
export const ProtocolSchema = z.enum(PROTOCOLS);

/** An imposter as stored: already upcast and validated (see validation/validate-imposter.ts). */
export const ImposterSchema = z.looseObject({
  protocol: ProtocolSchema,
  port: z.number().int().min(1).max(65535),
  name: z.string().optional(),
  recordRequests: z.boolean().optional(),
  stubs: z.array(StubSchema).default([]),
  defaultResponse: IsSchema.optional(),
  allowCORS: z.boolean().optional(),
  /** The platform's own: every request goes through the imposter's Durable Object (DESIGN.md, strict mode). */
  strict: z.boolean().optional(),
  /** The platform's own: a header every request to the hosted URL must carry (schemas/require-key.ts). */
  requireKey: RequireKeySchema.optional(),
  // https metadata: TLS ends at the platform, so these are accepted and echoed only.
  key: z.string().optional(),
  cert: z.string().optional(),
  mutualAuth: z.boolean().optional(),
  rejectUnauthorized: z.boolean().optional(),
  ca: z.unknown().optional(),
  ciphers: z.string().optional(),
});
export type Imposter = z.infer<typeof ImposterSchema>;

/** A validated imposter before the platform has given it a port (its id): `port` may be absent. */
export const ImposterDraftSchema = ImposterSchema.extend({ port: ImposterSchema.shape.port.optional() });
export type ImposterDraft = z.infer<typeof ImposterDraftSchema>;
