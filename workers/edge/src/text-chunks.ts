/**
 * Durable Object SQLite rows are limited to 2 MB; a definition, and a journal entry longer than this, are
 * stored as text chunks well under that (a JavaScript character is at most 3 UTF-8 bytes).
 */
export const CHUNK_CHARS = 600_000;

/**
 * `text` cut into pieces of at most `size` characters, never between the two halves of a surrogate pair:
 * SQLite keeps TEXT as UTF-8, where a lone half becomes U+FFFD, so an emoji cut in two would come back
 * as two replacement characters.
 */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    // A chunk of one character that is a pair's first half takes the second half too.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > start ? -1 : 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}
