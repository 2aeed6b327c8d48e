/**
 * The deploy script's lines, in the workers-sdk STYLEGUIDE's shapes: 🌀 for an action under way, 🚧 for a
 * detail of it, ✨ for success, ✘ ERROR with details and a way out for failure. Fixed texts, so scripts can
 * wait for them.
 */
export type Log = (line: string) => void;

export const progress = (text: string): string => `🌀 ${text}`;
export const detail = (text: string): string => `🚧 ${text}`;
export const success = (text: string): string => `✨ Success. ${text}`;

/** A failure the person deploying can act on: what went wrong, why, and what to do. */
export class DeployError extends Error {
  constructor(
    message: string,
    readonly details: string,
    readonly solution: string,
  ) {
    super(message);
  }
}

export function errorReport(error: unknown): string {
  if (!(error instanceof DeployError)) {
    const text = error instanceof Error ? error.message : String(error);
    return `✘  ERROR  ${text}`;
  }
  return [
    `✘  ERROR  ${error.message}`,
    "",
    "Error details:",
    error.details.trim(),
    "",
    "How to solve this error:",
    error.solution,
  ].join("\n");
}
