import type { ImposterRecord } from "@mockctl/contract";
import { badData, MbFailure } from "@mockctl/core";

/**
 * Optimistic concurrency for stub changes, which Mountebank does not have: every answer that prints one
 * imposter carries its version as `ETag`, and a stub change sent with that `If-Match` happens only while the
 * imposter is still at that version. Without it, a client that edits the stubs it read (the dashboard's
 * editor) silently drops what a proxy recorded in between; mb's clients send no If-Match and see mb's API.
 */
export const etagOf = (record: ImposterRecord): Record<string, string> => ({
  etag: `"${record.version}"`,
});

/** The version an `If-Match` names: undefined without one or for `*` (any version); a malformed one is refused. */
export function ifVersionOf(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === "*") return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(value);
  if (match?.[1] === undefined) {
    throw new MbFailure(
      badData(`If-Match must be one ETag this API gave for the imposter, such as "7"; got ${value}`),
    );
  }
  return Number(match[1]);
}
