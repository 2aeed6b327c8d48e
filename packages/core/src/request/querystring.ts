import type { FieldMap } from "../schemas/request.ts";

/** Node stops after this many `&`-separated pieces (its `maxKeys` default); later pairs are dropped. */
const MAX_PIECES = 1000;
const ESCAPE = /%[0-9a-f]{2}/i;
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Parses a query string (without the leading `?`) or a urlencoded form body with the semantics of Node's
 * `querystring.parse`, which Mountebank uses for `query` and `form`:
 * - a repeated key collects its values in an array, in order;
 * - `+` is a space; percent escapes are decoded as UTF-8;
 * - a piece without `=` is a key with the value `''`; empty pieces are skipped;
 * - a malformed escape (`%zz`) is kept literally (see `decodePiece`).
 * The result has no prototype, so keys such as `__proto__` are ordinary keys, as in Node.
 */
export function parseQueryString(text: string): FieldMap {
  const result: FieldMap = Object.create(null);
  if (text.length === 0) return result;
  for (const piece of text.split("&", MAX_PIECES)) {
    if (piece.length === 0) continue;
    const eq = piece.indexOf("=");
    const rawKey = eq < 0 ? piece : piece.slice(0, eq);
    const rawValue = eq < 0 ? "" : piece.slice(eq + 1);
    const key = decodePiece(rawKey, ESCAPE.test(rawKey));
    const value = decodePiece(rawValue, valueHasEscape(rawKey, rawValue));
    add(result, key, value);
  }
  return result;
}

/**
 * Node decodes a value only when its scanner spotted a valid %XX. That scanner skips `+` while checking
 * value characters, and, once the key is known to need decoding, also checks the rest of the key with
 * the value's flag: so `%41%41=😀%4` decodes its value (mangling the emoji) while `a=😀%4` does not.
 */
function valueHasEscape(rawKey: string, rawValue: string): boolean {
  const first = ESCAPE.exec(rawKey);
  const keyTail = first === null ? "" : rawKey.slice(first.index + 3);
  return ESCAPE.test(keyTail.replaceAll("+", "")) || ESCAPE.test(rawValue.replaceAll("+", ""));
}

function add(result: FieldMap, key: string, value: string): void {
  const current = result[key];
  if (current === undefined) result[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else result[key] = [current, value];
}

function decodePiece(raw: string, hasEscape: boolean): string {
  const spaced = raw.replaceAll("+", " ");
  if (!hasEscape) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return decodeLeniently(spaced);
  }
}

/**
 * Node's fallback when `decodeURIComponent` rejects the text: every valid %XX becomes its byte, every
 * other character contributes the low 8 bits of its UTF-16 code unit (so non-Latin-1 characters are
 * mangled, as in Node), and the bytes are read as UTF-8 with U+FFFD for invalid sequences.
 */
function decodeLeniently(text: string): string {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 37 && i < text.length - 2) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        bytes[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    bytes[length++] = code & 0xff;
  }
  return utf8.decode(bytes.subarray(0, length));
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}
