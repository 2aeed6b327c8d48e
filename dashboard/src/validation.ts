import { badData, type MbError, validateImposter, validateNewStub } from "@mockctl/core";

// The browser checks with the core's own validation, so its messages are mb's; injection is allowed here
// because only the platform knows whether the workspace allows it (it answers with mb's error if not).
const OPTIONS = { allowInjection: true };

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: MbError[] };

function parse(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // mb answers unparseable JSON with `invalid JSON`.
    return { ok: false, errors: [{ code: "invalid JSON", message: (error as Error).message }] };
  }
}

/** One imposter, or mb's saved form `{ "imposters": [...] }` (what `mb save` writes): each is validated. */
export function checkImposters(text: string): Parsed<unknown[]> {
  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const value = parsed.value as { imposters?: unknown };
  const list = Array.isArray(value?.imposters) ? value.imposters : [parsed.value];
  if (list.length === 0) return { ok: false, errors: [badData("no imposters in that file")] };
  const errors = list.flatMap((imposter) => {
    const result = validateImposter(imposter, OPTIONS);
    return result.ok ? [] : result.errors;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: list };
}

/** One stub's JSON as the stub editor holds it. */
export function checkStub(text: string): Parsed<unknown> {
  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const result = validateNewStub(parsed.value, OPTIONS);
  return result.ok ? { ok: true, value: parsed.value } : { ok: false, errors: result.errors };
}
