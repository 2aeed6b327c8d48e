import { MbFailure } from "@mockctl/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/** Above the core's 10 MiB per imposter (a PUT may carry several), small enough to bound memory. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const tooLarge = () =>
  new MbFailure({
    code: "limit exceeded",
    message: `the request body is larger than ${MAX_BODY_BYTES} bytes`,
  });

/** Reads the body as UTF-8, stopping as soon as it passes the limit (a chunked body has no length). */
async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Mountebank parses every body as JSON whatever its Content-Type, leaves an empty body as `""`, and answers
 * malformed JSON with `invalid JSON` carrying the raw text as `source`.
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const text = await readLimited(c.req.raw);
  let body: unknown = "";
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new MbFailure({
        code: "invalid JSON",
        message: "Unable to parse body as JSON",
        source: text,
      });
    }
  }
  c.set("body", body);
  await next();
};
