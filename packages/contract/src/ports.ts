/**
 * Mountebank's port rule, the one way a port is read from text (a path segment, a host label, an admin
 * route's `:id`): 0 < port < 65536, written in canonical decimal. mb looks imposters up by the literal
 * segment, so "04545" names none and `/i/0123` is not an imposter's address.
 */
export function portAt(text: string, start: number, end: number): number | undefined {
  if (end - start < 1 || end - start > 5 || text.charCodeAt(start) === 0x30) return undefined;
  let port = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    port = port * 10 + digit;
  }
  return port < 65536 ? port : undefined;
}

/** An admin route's `:id` as a port, or null when it names no imposter. */
export const portFromId = (id: string): number | null => portAt(id, 0, id.length) ?? null;
