const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

function findKeyIgnoringCase(source: unknown, wanted: string): string | undefined {
  const lower = wanted.toLowerCase();
  return Object.keys(Object(source)).find((key) => key.toLowerCase() === lower);
}

/**
 * The request value a copy or lookup reads, as Mountebank's getFrom finds it. `from` is a field name,
 * matched ignoring case ("PATH" is path), or a one-key object that steps into a field first
 * (`{ query: "q" }`), whose own key must match exactly. A multi-valued field yields its first value.
 */
export function requestField(source: unknown, from: unknown): unknown {
  if (source === undefined) return undefined;
  if (isObject(from)) {
    const [key] = Object.keys(from);
    if (key === undefined) return undefined;
    return requestField((Object(source) as Record<string, unknown>)[key], from[key]);
  }
  const key = findKeyIgnoringCase(source, String(from));
  const value = key === undefined ? undefined : (Object(source) as Record<string, unknown>)[key];
  return Array.isArray(value) ? value[0] : value;
}
