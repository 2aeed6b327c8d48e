const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** 6-bit values of both base64 alphabets (standard and URL-safe); -1 for every other code unit. */
const SEXTETS = new Int8Array(128).fill(-1);
for (const [index, char] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"].entries()) {
  SEXTETS[char.charCodeAt(0)] = index;
}
SEXTETS["+".charCodeAt(0)] = 62;
SEXTETS["/".charCodeAt(0)] = 63;
SEXTETS["-".charCodeAt(0)] = 62;
SEXTETS["_".charCodeAt(0)] = 63;

/**
 * Decodes base64 to UTF-8 text the way Node's `Buffer.from(text, "base64").toString()` does, which is
 * how Mountebank reads binary-mode values: both alphabets are accepted, characters outside them are
 * skipped, decoding stops at the first `=`, leftover bits are dropped, and invalid UTF-8 becomes U+FFFD.
 */
export function decodeBase64Text(text: string): string {
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let length = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 61) break; // '='
    const sextet = code < 128 ? (SEXTETS[code] ?? -1) : -1;
    if (sextet < 0) continue;
    buffer = ((buffer << 6) | sextet) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return utf8.decode(bytes.subarray(0, length));
}
