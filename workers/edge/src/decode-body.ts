import { brotliDecompressSync, gunzipSync } from "node:zlib";

const DECODERS: Record<string, (data: Uint8Array) => Uint8Array> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
};

/**
 * Decodes a request body the way mb does: only a Content-Encoding of exactly `gzip` or `br` is decoded
 * (not `deflate`, not a list). A body that fails to decode becomes empty; mb leaves it undefined, which its
 * predicates also read as ''. node:zlib rather than DecompressionStream because workerd's stream has no br.
 */
export function decodeBody(body: Uint8Array, contentEncoding: string | null): Uint8Array | string {
  const decode = contentEncoding === null ? undefined : DECODERS[contentEncoding];
  if (decode === undefined) return body;
  try {
    return decode(body);
  } catch {
    return "";
  }
}
