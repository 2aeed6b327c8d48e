import { z } from "zod";

/**
 * Why the local launcher did not start, as it tells `mockctl dev` (infra/local/start-failure.ts writes it,
 * packages/mockctl's dev-failure.ts renders it as every command's error: `✘ ERROR message`, details, hint).
 * It travels in parts, as JSON in a file, rather than as the one line `npm start` prints.
 */
export const notStartedSchema = z.object({
  message: z.string(),
  details: z.array(z.string()).optional(),
  /** What to do about it, where the user can. */
  hint: z.string().optional(),
  /** The command line was wrong (an option or its value), not the machine. */
  usage: z.boolean().optional(),
});
export type NotStarted = z.infer<typeof notStartedSchema>;

/** Set by `mockctl dev`: the file where the launcher leaves a NotStarted as JSON. */
export const START_FAILURE_FILE = "MOCKCTL_START_FAILURE_FILE";
