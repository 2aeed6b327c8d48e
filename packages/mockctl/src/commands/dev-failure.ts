import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotStarted, type NotStarted } from "@mockctl/contract/launcher-failure";
import { CliError, EXIT } from "../output.ts";

/** The launcher's hints are clauses of `npm start`'s one line; here a hint is a sentence of its own. */
const sentence = (clause: string) => `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;

/**
 * The launcher's reason as this CLI's error, so `mockctl dev` fails as every command does: `✘ ERROR …`
 * with details and what to do next, or `{"ok":false,"error":…}` under --json. A wrong flag or value is
 * a usage error (2), as it is when `mockctl dev` itself finds it; anything else keeps the launcher's code.
 */
export function notStartedError(why: NotStarted, exitCode: number): CliError {
  const hint = why.hint === undefined ? undefined : sentence(why.hint);
  if (why.usage === true) {
    const usage = "Run `mockctl dev --help` for usage.";
    return new CliError(
      why.message,
      why.details,
      hint === undefined ? usage : `${hint} ${usage}`,
      EXIT.usage,
    );
  }
  return new CliError(why.message, why.details, hint, exitCode);
}

/**
 * A path of one launcher run's own for its reason, which the launcher creates only when it fails (never
 * over a file there already), so a `mockctl dev` killed outright leaves nothing behind.
 */
export function startFailureFile() {
  const path = join(tmpdir(), `mockctl-start-failure-${randomUUID()}.json`);
  return {
    path,
    /** The reason the launcher left, as an error; undefined when it left none (it started, or said why on stderr). */
    read(exitCode: number): CliError | undefined {
      let why: unknown;
      try {
        why = JSON.parse(readFileSync(path, "utf8"));
      } catch {
        return undefined;
      }
      return isNotStarted(why) ? notStartedError(why, exitCode) : undefined;
    },
    remove: () => rmSync(path, { force: true }),
  };
}
