import type { z } from "zod";
import { badData, fail, ok, type Result } from "../errors.ts";

/**
 * Checks `value` against a schema and answers the value itself, not zod's output: the schemas carry no
 * transforms, so the two are equal, and the value keeps the user's key order, which Mountebank echoes
 * back in every imposter it prints (zod's output would list schema keys first). `value` must already be
 * a private copy (validateImposter parses its own JSON text); `source` is built only on failure. Reports the first issue only, as one line
 * naming the field: `invalid value for 'stubs[2].predicates[0].equals': Invalid input: expected record…`.
 */
export function conform<T>(
  schema: z.ZodType<T>,
  value: unknown,
  label: string,
  source: () => unknown,
): Result<T> {
  const result = schema.safeParse(value);
  if (result.success) return ok(value as T);
  const issue = result.error.issues[0];
  const path = formatPath(label, issue?.path ?? []);
  return fail(badData(`invalid value for '${path}': ${issue?.message ?? "invalid"}`, source()));
}

/** `label` then each key as `.key` or `[index]`; the empty label starts at the first key. */
export function formatPath(label: string, path: readonly PropertyKey[]): string {
  let text = label;
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}
