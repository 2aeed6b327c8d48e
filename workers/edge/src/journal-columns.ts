/**
 * Columns the journal table gained after objects already stored one: each older object gets them when it
 * starts (their rows have none, read as null). `stub` is the stub that answered; `version` the imposter's
 * version that answered, so a client can tell an index into an older stub list from one into today's.
 */
const ADDED = ["stub", "version"] as const;

export function addJournalColumns(sql: SqlStorage): void {
  for (const column of ADDED) {
    try {
      sql.exec(`SELECT ${column} FROM journal LIMIT 0`);
    } catch {
      sql.exec(`ALTER TABLE journal ADD COLUMN ${column} INTEGER`);
    }
  }
}
