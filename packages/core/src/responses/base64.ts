const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const SEXTETS = new Map<string, number>([...ALPHABET].map((char, value) => [char, value]));

/** Mountebank strips everything but these before decoding, so newlines in a stored body are harmless. */
export function stripNonBase64(text: string): string {
  return text.replace(/[^A-Za-z0-9=+/]+/g, "");
}

/**
 * Decodes base64 as Node's Buffer.from(text, "base64") does once non-base64 characters are gone: decoding
 * stops at the first "=", missing padding is fine, and a trailing lone character yields no byte. atob is
 * stricter (it throws on bad padding), so it cannot stand in for what Mountebank sends.
 */
export function decodeBase64(text: string): Uint8Array {
  const end = text.indexOf("=");
  const data = end === -1 ? text : text.slice(0, end);
  const bytes = new Uint8Array(Math.floor((data.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (const char of data) {
    const value = SEXTETS.get(char);
    if (value === undefined) continue;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  return out === bytes.length ? bytes : bytes.slice(0, out);
}

/** Base64 of raw bytes, e.g. to store a binary body the way Mountebank's proxy records it. */
export function encodeBase64(bytes: Uint8Array): string {
  let result = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    result += ALPHABET[(triple >> 18) & 63];
    result += ALPHABET[(triple >> 12) & 63];
    result += b === undefined ? "=" : ALPHABET[(triple >> 6) & 63];
    result += c === undefined ? "=" : ALPHABET[triple & 63];
  }
  return result;
}
