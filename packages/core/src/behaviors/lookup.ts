import type { Lookup } from "../schemas/behavior.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";
import { csvRecords } from "./csv.ts";
import { requestField } from "./request-field.ts";
import { selectValues } from "./select-values.ts";
import { replaceColumnTokens } from "./tokens.ts";
import type { BehaviorDeps } from "./types.ts";

type Row = Record<string, string>;

/**
 * The first row whose key column equals the key by localeCompare, as Mountebank compares. The key is
 * stringified first, so no selected key looks for a row whose key is "undefined", as in Mountebank. A
 * header without the key column, or a CSV error before a match, finds nothing.
 */
export function findRow(text: string, delimiter: string, keyColumn: string, key: unknown): Row {
  const wanted = String(key);
  let header: string[] | undefined;
  try {
    for (const record of csvRecords(text, delimiter)) {
      if (header === undefined) {
        header = record;
        if (!header.includes(keyColumn)) return {};
        continue;
      }
      const row: Row = {};
      header.forEach((column, index) => {
        row[column] = record[index] ?? "";
      });
      if (row[keyColumn]?.localeCompare(wanted) === 0) return row;
    }
  } catch {
    // Mountebank logs the parse error and resolves to no row.
  }
  return {};
}

/**
 * The lookup behavior: selects a key from the request like copy does (`key.index` picks which selected
 * value, default 0), finds its row in the CSV data source, and replaces `${T}["col"]`, `${T}['col']` and
 * `${T}[col]` everywhere in the response. Mountebank swallows every failure here (unreadable file, bad
 * selector) and leaves the response as it was; so do we. Mutates and returns `response`.
 */
export async function lookup(
  request: MbRequest,
  response: IsResponse,
  config: Lookup,
  deps: BehaviorDeps,
): Promise<IsResponse> {
  try {
    const from = requestField(request, config.key.from);
    const key = selectValues(from, config.key.using)[config.key.index || 0];
    const csv = config.fromDataSource.csv;
    const text = csv && (await deps.dataSource?.(csv.path));
    if (csv === undefined || text === undefined) return response;
    replaceColumnTokens(response, config.into, findRow(text, csv.delimiter || ",", csv.keyColumn, key));
  } catch {
    // Left unchanged, as Mountebank does after logging the error.
  }
  return response;
}
