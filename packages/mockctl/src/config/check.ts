import { type ImposterDraft, validateImposter } from "@mockctl/core";
import { describeImposter, type SourcedImposter } from "./load.ts";
import { imposterFindings } from "./warnings.ts";

export interface CheckedImposter {
  source: SourcedImposter;
  /** The imposter as the core upcast and validated it (what the platform will store). */
  imposter: ImposterDraft;
}

export interface CheckReport {
  valid: CheckedImposter[];
  /** "file: imposter 4545: bad data: …" lines, mb's messages prefixed with where. */
  errors: string[];
  warnings: string[];
}

export interface CheckOptions {
  allowInjection: boolean;
  /** deploy addresses imposters by port, so it needs one on each; validate only warns. */
  requirePort: boolean;
}

/** Every imposter through the core's validation (mb 2.9.1's messages), plus the CLI's own findings. */
export function checkImposters(imposters: SourcedImposter[], options: CheckOptions): CheckReport {
  const report: CheckReport = { valid: [], errors: [], warnings: [] };
  const seen = new Map<number, string>();
  for (const source of imposters) {
    const where = describeImposter(source);
    const result = validateImposter(source.definition, { allowInjection: options.allowInjection });
    if (!result.ok) {
      for (const error of result.errors) report.errors.push(`${where}: ${error.code}: ${error.message}`);
      continue;
    }
    const port = result.value.port;
    if (port === undefined) {
      const text = `${where}: no port: the platform would pick one, so a second deploy could not find it`;
      (options.requirePort ? report.errors : report.warnings).push(text);
    } else if (seen.has(port)) {
      report.errors.push(`${where}: port ${port} is also defined by ${seen.get(port)}`);
      continue;
    } else {
      seen.set(port, where);
    }
    for (const finding of imposterFindings(result.value))
      report.warnings.push(`${where}: ${finding.message}`);
    report.valid.push({ source, imposter: result.value });
  }
  return report;
}
