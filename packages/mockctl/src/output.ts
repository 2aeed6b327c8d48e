/**
 * Every line the CLI prints, in the workers-sdk STYLEGUIDE's fixed shapes so scripts can wait for them:
 * `✨ Success. …` last on success, `▲ WARNING …` for a warning, `✘ ERROR …` (with details and what to
 * run next) on failure. With `--json` the same outcome is one JSON object on stdout instead:
 * `{"ok":true,…}` or `{"ok":false,"error":{"message","details","hint"}}`.
 */
export interface Output {
  readonly json: boolean;
  /** A line of the human output (tables, progress); nothing under --json. */
  line(text: string): void;
  warn(text: string): void;
  success(text: string, data?: Record<string, unknown>): void;
  /**
   * `success` for a command whose stdout is the data itself (JSON a script pipes to jq): the human line goes
   * to stderr; under --json it is `success`.
   */
  successBesideData(text: string, data?: Record<string, unknown>): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** A failure the user can act on; `exitCode` 2 for a command line that cannot be run. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
    readonly hint?: string,
    readonly exitCode: number = EXIT.failed,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A failure a child process has explained already (the launcher under `mockctl dev`): its exit code alone. */
export class ExplainedExit extends CliError {}

export class UsageError extends CliError {
  constructor(message: string, command: string) {
    super(message, [], `Run \`mockctl ${command}${command ? " " : ""}--help\` for usage.`, EXIT.usage);
  }
}

export interface Streams {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processStreams: Streams = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

export function createOutput(json: boolean, streams: Streams = processStreams): Output {
  const warnings: string[] = [];
  return {
    json,
    line: (text) => {
      if (!json) streams.out(text);
    },
    warn: (text) => {
      warnings.push(text);
      if (!json) streams.err(`▲ WARNING ${text}`);
    },
    success: (text, data = {}) => {
      if (json) streams.out(JSON.stringify({ ok: true, message: text, ...data, warnings }));
      else streams.out(`✨ Success. ${text}`);
    },
    successBesideData: (text, data = {}) => {
      if (json) streams.out(JSON.stringify({ ok: true, message: text, ...data, warnings }));
      else streams.err(`✨ Success. ${text}`);
    },
  };
}

/** The error lines, or the JSON error object; answers the exit code. */
export function reportError(error: unknown, json: boolean, streams: Streams = processStreams): number {
  const failure =
    error instanceof CliError ? error : new CliError(error instanceof Error ? error.message : String(error));
  if (json) {
    const { message, details, hint } = failure;
    streams.out(JSON.stringify({ ok: false, error: { message, details, hint }, ...failure.data }));
    return failure.exitCode;
  }
  if (failure instanceof ExplainedExit) return failure.exitCode;
  const lines = [`✘ ERROR ${failure.message}`];
  if (failure.details.length > 0) lines.push("", ...failure.details.map((d) => `  ${d}`));
  if (failure.hint !== undefined) lines.push("", failure.hint);
  streams.err(lines.join("\n"));
  return failure.exitCode;
}

/** A count and its noun, singular for exactly one: "1 imposter", "0 imposters", "2 entries". */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

/** A left-aligned text table with a header row, as wrangler prints lists. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [format(headers), format(widths.map((w) => "─".repeat(w))), ...rows.map(format)].join("\n");
}
