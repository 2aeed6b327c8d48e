import { z } from "zod";

const MultiValueSchema = z.union([z.string(), z.array(z.string())]);
export const FieldMapSchema = z.record(z.string(), MultiValueSchema);
export type FieldMap = z.infer<typeof FieldMapSchema>;

/** A request as Mountebank models it for http(s) imposters; also the shape recorded in `requests[]`. */
export const MbRequestSchema = z.object({
  requestFrom: z.string(),
  method: z.string(),
  path: z.string(),
  query: FieldMapSchema,
  headers: FieldMapSchema,
  body: z.string(),
  form: FieldMapSchema.optional(),
  ip: z.string(),
  timestamp: z.string().optional(),
});
export type MbRequest = z.infer<typeof MbRequestSchema>;

/** What an adapter (a Worker, a Node server, a test) hands to the core before normalization. */
export interface RawHttpRequest {
  method: string;
  /** The request target: path and query, e.g. `/a/b?x=1`. Any addressing prefix is already removed. */
  url: string;
  /** Header pairs in arrival order; names in whatever case the platform gives. */
  headers: Array<[string, string]>;
  /** The body bytes, or text already decoded as UTF-8. */
  body: Uint8Array | string;
  remoteAddress?: string;
  remotePort?: number;
}

/** What the core answers: the Worker (or any adapter) turns it into bytes. */
export interface ResponseDescription {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: string | Uint8Array;
  /** Milliseconds to wait before answering (the `wait` behavior); the adapter sleeps. */
  waitMs?: number;
}
