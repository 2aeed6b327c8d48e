/**
 * Why the local launcher did not start, as it tells `mockctl dev` (infra/local/start-failure.ts writes it,
 * packages/mockctl's dev-failure.ts renders it as every command's error: `✘ ERROR message`, details, hint).
 * It travels in parts, as JSON in a file, rather than as the one line `npm start` prints. No zod here: the
 * launcher is bundled into the published CLI without its dependencies (packed.test.ts).
 */
export interface NotStarted {
  message: string;
  details?: string[];
  /** What to do about it, where the user can. */
  hint?: string;
  /** The command line was wrong (an option or its value), not the machine. */
  usage?: boolean;
}

/** Whether JSON read from that file is a NotStarted (its message, at least, is there). */
export const isNotStarted = (value: unknown): value is NotStarted =>
  typeof (value as NotStarted | null)?.message === "string";

/** Set by `mockctl dev`: the file where the launcher leaves a NotStarted as JSON. */
export const START_FAILURE_FILE = "MOCKCTL_START_FAILURE_FILE";
