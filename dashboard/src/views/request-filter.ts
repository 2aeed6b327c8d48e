import type { JournalEntry } from "../api/types.ts";

/** What a filter word is looked for in: the request line, query, headers, body, and which stub answered. */
function haystack(entry: JournalEntry, label: string): string {
  const { method, path, query, headers, body } = entry.request;
  const parts = [method, path, label, typeof body === "string" ? body : JSON.stringify(body ?? "")];
  for (const [name, value] of Object.entries(query ?? {})) parts.push(`${name}=${String(value)}`);
  for (const [name, value] of Object.entries(headers ?? {})) parts.push(`${name}: ${String(value)}`);
  return parts.join("\n").toLowerCase();
}

/**
 * The entries holding every word of `filter` (any case) somewhere in their request or their match label:
 * `POST /orders`, `x-tenant: acme`, `no match`. Quoted words keep their spaces: `"no match"`.
 */
export function filterEntries(
  entries: JournalEntry[],
  filter: string,
  labelOf: (entry: JournalEntry) => string,
): JournalEntry[] {
  const words = [...filter.toLowerCase().matchAll(/"([^"]*)"|(\S+)/g)]
    .map((match) => match[1] ?? match[2] ?? "")
    .filter((word) => word !== "");
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = haystack(entry, labelOf(entry));
    return words.every((word) => text.includes(word));
  });
}
