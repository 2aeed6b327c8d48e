/** What "Try it" sends as headers, read from its JSON box, or why it cannot be sent. */
export type ParsedHeaders = { ok: true; headers: Record<string, string> } | { ok: false; error: string };

const EXAMPLE = '{"content-type": "application/json"}';

/**
 * A JSON object of names to values. Numbers and booleans become text, as an HTTP header is; the platform's
 * explain reads only text values, so a number left as one hid the matching stub.
 */
export function parseTryHeaders(text: string): ParsedHeaders {
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Headers are not valid JSON (${why}). Write an object, e.g. ${EXAMPLE}.` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: `Headers must be a JSON object of names to values, e.g. ${EXAMPLE}.` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      return { ok: false, error: `"${name}" is not a valid header name.` };
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      return { ok: false, error: `The value of header "${name}" must be text or a number.` };
    }
    headers[name] = String(value);
  }
  return { ok: true, headers };
}
