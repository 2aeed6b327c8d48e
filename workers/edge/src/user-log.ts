import type { LogEntry } from "@mockctl/contract";
import type { Imposter, UserLogLine } from "@mockctl/core";

/** Lines an imposter keeps of what its functions logged: the newest, oldest dropped first. */
export const USER_LOG_CAP = 1000;

const SCHEMA = `CREATE TABLE IF NOT EXISTS user_log
  (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, level TEXT NOT NULL, message TEXT NOT NULL)`;

/**
 * Mountebank's scope for an imposter's lines (util/scopedLogger.js with models/imposter.js's scopeFor):
 * `[http:4545] ` or, for a named imposter, `[http:4545 name] `.
 */
export function scopeOf({ protocol, port, name }: Pick<Imposter, "protocol" | "port" | "name">): string {
  return `[${protocol}:${port}${name ? ` ${name}` : ""}] `;
}

/**
 * What the imposter's user functions gave their logger (inject, decorate, wait, predicate generators), in
 * the object's SQLite so GET /logs can list it beside the workspace's own log. Mountebank writes these to
 * its log file; here they stay with the imposter and go when it is deleted.
 */
export class UserLog {
  readonly #sql: SqlStorage;
  #seq: number;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
    this.#sql.exec(SCHEMA);
    this.#seq = this.#sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM user_log").one().seq ?? 0;
  }

  append(imposter: Imposter, lines: readonly UserLogLine[]): void {
    const at = new Date().toISOString();
    const scope = scopeOf(imposter);
    for (const { level, message } of lines) {
      this.#seq += 1;
      this.#sql.exec("INSERT INTO user_log VALUES (?, ?, ?, ?)", this.#seq, at, level, scope + message);
    }
    this.#sql.exec("DELETE FROM user_log WHERE seq <= ?", this.#seq - USER_LOG_CAP);
  }

  /** Oldest first, in mb's `{ level, message, timestamp }` shape. */
  read(): LogEntry[] {
    const rows = this.#sql.exec<{ at: string; level: string; message: string }>(
      "SELECT at, level, message FROM user_log ORDER BY seq",
    );
    return rows.toArray().map(({ at, level, message }) => ({ level, message, timestamp: at }));
  }

  clear(): void {
    this.#sql.exec("DELETE FROM user_log");
  }
}
