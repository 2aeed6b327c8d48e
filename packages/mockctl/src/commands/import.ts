import { ApiError, createClient } from "../client.ts";
import { type Command, flag, stringValue } from "../command.ts";
import { checkImposters, hostedHttpsWarnings } from "../config/check.ts";
import type { SourcedImposter } from "../config/load.ts";
import { applyStep } from "../deploy/apply.ts";
import { planDeploy } from "../deploy/plan.ts";
import { CliError, counted, table, UsageError } from "../output.ts";
import { checkTargetUrl, isLocalUrl } from "../target-url.ts";

interface Skipped {
  port: string;
  reason: string;
}

/**
 * One row per distinct reason, the port on its first: the platform may name the same refusal once per stub
 * or response (six `invalid injection` lines for one imposter), and one joined line made the table as wide.
 */
export function skippedRows(skipped: readonly Skipped[]): string[][] {
  const rows: string[][] = [];
  const seen = new Set<string>();
  let last: string | undefined;
  for (const { port, reason } of skipped) {
    if (seen.has(`${port}\n${reason}`)) continue;
    seen.add(`${port}\n${reason}`);
    rows.push([port === last ? "" : port, reason]);
    last = port;
  }
  return rows;
}

export const importCommand: Command = {
  name: "import",
  summary: "Copy every imposter from a running Mountebank into the platform",
  remote: true,
  description: [
    "Reads GET /imposters?replayable=true from the Mountebank at --from, validates each imposter as",
    "deploy does and creates (or replaces) it on the platform. Imposters that cannot be brought over",
    "(tcp/smtp, shellTransform, backreferences or lookaround in a regex, injection on a platform",
    "without --allowInjection) are listed with the reason; the others are imported anyway, and the",
    "command exits 0 unless --strict.",
  ],
  options: {
    from: {
      type: "string",
      value: "<url>",
      description: "the Mountebank admin API, e.g. http://localhost:2525",
    },
    strict: { type: "boolean", description: "exit 1 when any imposter was not imported (for CI)" },
    fromApikey: {
      type: "string",
      value: "<key>",
      description: "the x-api-key that Mountebank wants (mb --apikey; --token is the platform's)",
    },
  },
  examples: ["mockctl import --from http://localhost:2525 --url http://localhost:8080"],
  async run(context) {
    const from = stringValue(context, "from");
    if (from === undefined) throw new UsageError("--from <mountebank url> is required", "import");
    checkTargetUrl(from, "--from", "mountebank");
    const key = stringValue(context, "fromApikey");
    const mb = createClient({
      url: from,
      source: "--from",
      kind: "mountebank",
      ...(key === undefined ? {} : { token: key }),
    });
    const listed = await mb.listImposters({ replayable: true });
    const sourced: SourcedImposter[] = listed.map((definition, index) => ({ file: "mb", index, definition }));
    const report = checkImposters(sourced, { allowInjection: true, requirePort: true, skipRawTcp: true });
    const skipped: Skipped[] = [...report.skipped, ...report.errors].map(({ imposter, reason }) => ({
      port: imposter,
      reason,
    }));
    const client = context.client();
    const steps = planDeploy(report.valid, await client.listImposters({ replayable: true }), false);
    const imported: number[] = [];
    for (const step of steps) {
      try {
        await applyStep(client, step);
        imported.push(step.port);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        for (const reason of error.details) skipped.push({ port: String(step.port), reason });
      }
    }
    if (skipped.length > 0) {
      context.out.line(table(["IMPOSTER", "NOT IMPORTED BECAUSE"], skippedRows(skipped)));
    }
    // Imported, and served on: but on a deployed platform, not as mb served them.
    if (!isLocalUrl(client.target.url))
      for (const warning of hostedHttpsWarnings(report)) context.out.warn(warning);
    const notImported = new Set(skipped.map((s) => s.port)).size;
    if (notImported > 0 && flag(context, "strict")) {
      throw new CliError(
        `${notImported} of ${counted(listed.length, "imposter")} not imported from ${from} (--strict)`,
        skipped.map(({ port, reason }) => `imposter ${port}: ${reason}`),
        undefined,
        1,
        { imported, skipped },
      );
    }
    context.out.success(
      `Imported ${imported.length} of ${counted(listed.length, "imposter")} from ${from}; ${notImported} not imported.`,
      { imported, skipped },
    );
  },
};
