import { z } from "zod";

/** An HTTP header name (RFC 9110's token); compared without regard to case, as every header is. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The platform's own imposter field: every request to the hosted URL must carry `header` with exactly
 * `value`, or it is answered 401 (workers/edge/src/required-key.ts). Mountebank has no such field and
 * 2.9.1 ignores it, so a definition that has one still loads there (without the protection).
 * The value is a secret: printed back the field shows `header` only (printer/print-imposter.ts).
 */
export const RequireKeySchema = z.strictObject({
  header: z.string().max(128).regex(HEADER_NAME, { error: "must be an HTTP header name" }),
  value: z
    .string({ error: "the key's value is required (it is never printed back, so send it again)" })
    .min(8, { error: "a key must have at least 8 characters" })
    .max(1024),
});
export type RequireKey = z.infer<typeof RequireKeySchema>;
