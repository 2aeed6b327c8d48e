import { type Command, stringValue } from "../command.ts";
import { counted, table, UsageError } from "../output.ts";

/** A positive integer option, or a usage error naming it. */
function count(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(`${option} takes a positive whole number, not ${text}`, "audit list");
  return Number(text);
}

export const auditList: Command = {
  name: "audit list",
  summary: "Print your workspace's audit log, newest first (admin scope)",
  remote: true,
  description: [
    "GET /platform/audit: who (a token's name, the platform key, anonymous) did what to what. A page",
    "holds --limit entries; the line after it gives the --before that reads the next, older page.",
  ],
  options: {
    limit: { type: "string", value: "<n>", description: "entries per page, 1-500 (default 50)" },
    before: { type: "string", value: "<id>", description: "start below this entry id (the next page)" },
  },
  examples: ["mockctl audit list --limit 20", "mockctl audit list --json | jq '.entries[].action'"],
  async run(context) {
    const limit = count(stringValue(context, "limit"), "--limit");
    const before = count(stringValue(context, "before"), "--before");
    const page = await context.client().platform.audit({ limit, before });
    // STUB is the index a stub.* action changed (empty for the others), as in --json's `stub`.
    const rows = page.entries.map((e) => [
      String(e.id),
      e.at,
      e.actor,
      e.action,
      e.target,
      String(e.stub ?? ""),
    ]);
    if (rows.length > 0) context.out.line(table(["ID", "AT", "ACTOR", "ACTION", "TARGET", "STUB"], rows));
    if (page.next !== undefined) context.out.line(`Older entries: mockctl audit list --before ${page.next}`);
    context.out.success(`${counted(page.entries.length, "audit entry", "audit entries")}.`, {
      ...page,
    });
  },
};
