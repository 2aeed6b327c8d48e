import { type ImposterDraft, validateImposter } from "@mockctl/core";
import { describeImposter, type SourcedImposter } from "./load.ts";
import { unknownFieldFindings } from "./unknown-fields.ts";
import { imposterFindings } from "./warnings.ts";

export interface CheckedImposter {
  source: SourcedImposter;
  /** The imposter as the core upcast and validated it (what the platform will store). */
  imposter: ImposterDraft;
}

/** One reason an imposter cannot be sent, kept apart so callers need not parse the printed line. */
export interface Problem {
  /** The imposter's port as its definition gives it, or `#n`, its place in the file, without one. */
  imposter: string;
  /** mb's error code (`bad data`, `invalid injection`…), or the CLI's own (`no port`, `duplicate port`). */
  code: string;
  /** The line without where: mb's "code: message", or the CLI's own sentence. */
  reason: string;
  /** As printed: "file: imposter 4545 (name): bad data: …". */
  line: string;
}

export interface CheckReport {
  valid: CheckedImposter[];
  errors: Problem[];
  warnings: string[];
  /** tcp and smtp imposters left out under `skipRawTcp` (each also a warning). */
  skipped: Problem[];
}

function problem(source: SourcedImposter, code: string, reason: string): Problem {
  const port = (source.definition as { port?: unknown } | null)?.port;
  const imposter = port !== undefined ? String(port) : `#${source.index + 1}`;
  return { imposter, code, reason, line: `${describeImposter(source)}: ${reason}` };
}

export interface CheckOptions {
  allowInjection: boolean;
  /** deploy addresses imposters by port, so it needs one on each; validate only warns. */
  requirePort: boolean;
  /**
   * tcp and smtp imposters are left out with a warning instead of failing the whole file: a Worker cannot
   * accept raw TCP, and an mb file mixing them with http ones (mb serves all) should still start the rest.
   */
  skipRawTcp?: boolean;
}

const RAW_TCP = new Set(["tcp", "smtp"]);

/**
 * On Cloudflare an https imposter answers at its hosted URL on the platform's certificate: its own TLS
 * fields change nothing there, and a client that relies on them should know. A local platform's own port
 * speaks TLS with them, as mb's does, so nothing is said for one.
 */
export const HTTPS_HOSTED =
  "an https imposter is served on the platform's certificate at its hosted URL: its key, cert and mutualAuth are kept and echoed, not used (a local platform's own port uses them, as mb does)";

/** The warning for each https imposter, for a deploy or an import to a platform that is not local. */
export function hostedHttpsWarnings(report: CheckReport): string[] {
  return report.valid
    .filter(({ imposter }) => imposter.protocol === "https")
    .map(({ source }) => `${describeImposter(source)}: ${HTTPS_HOSTED}`);
}

/** Every imposter through the core's validation (mb 2.9.1's messages), plus the CLI's own findings. */
export function checkImposters(imposters: SourcedImposter[], options: CheckOptions): CheckReport {
  const report: CheckReport = { valid: [], errors: [], warnings: [], skipped: [] };
  const seen = new Map<number, string>();
  for (const source of imposters) {
    const where = describeImposter(source);
    const protocol = (source.definition as { protocol?: unknown } | null)?.protocol;
    if (options.skipRawTcp === true && typeof protocol === "string" && RAW_TCP.has(protocol)) {
      const reason = `skipped: ${protocol} imposters cannot run here (the platform accepts HTTP only; mb serves them)`;
      const skipped = problem(source, "skipped", reason);
      report.skipped.push(skipped);
      report.warnings.push(skipped.line);
      continue;
    }
    const result = validateImposter(source.definition, { allowInjection: options.allowInjection });
    if (!result.ok) {
      for (const { code, message } of result.errors)
        report.errors.push(problem(source, code, `${code}: ${message}`));
      continue;
    }
    const port = result.value.port;
    if (port === undefined) {
      const noPort = problem(
        source,
        "no port",
        "no port: the platform would pick one, so a second deploy could not find it",
      );
      if (options.requirePort) report.errors.push(noPort);
      else report.warnings.push(noPort.line);
    } else if (seen.has(port)) {
      report.errors.push(
        problem(source, "duplicate port", `port ${port} is also defined by ${seen.get(port)}`),
      );
      continue;
    } else {
      seen.set(port, where);
    }
    for (const message of unknownFieldFindings(source.definition))
      report.warnings.push(`${where}: ${message}`);
    for (const finding of imposterFindings(result.value))
      report.warnings.push(`${where}: ${finding.message}`);
    report.valid.push({ source, imposter: result.value });
  }
  return report;
}
