type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === "object" && value !== null;

/**
 * Replaces every occurrence of `token`. Mountebank does `text.split(token).join(value)`, so a value that
 * is not a string is what join makes of it: undefined (a regex group that did not take part) becomes
 * ",", and anything else goes through String ("null", "[object Object]", "1,2").
 */
function replaceLiteral(text: string, token: string, value: unknown): string {
  return text.split(token).join(value === undefined ? undefined : String(value));
}

/**
 * Applies `replace` to every string value and every object key under `target`, in place, as Mountebank's
 * globalObjectReplace does: arrays are walked too, and a renamed key moves to the end of its object.
 */
export function replaceEverywhere(target: Container, replace: (text: string) => string): void {
  const record = target as Record<string, unknown>;
  const renames: Array<[string, string]> = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === "string") record[key] = replace(value);
    else if (isContainer(value)) replaceEverywhere(value, replace);
    const renamed = replace(key);
    if (renamed !== key) renames.push([key, renamed]);
  }
  for (const [key, renamed] of renames) {
    record[renamed] = record[key];
    delete record[key];
  }
}

/**
 * copy: `${T}[i]` becomes values[i] for every i, then a bare `${T}` becomes values[0]. With no values
 * the tokens stay as they are.
 */
export function replaceIndexedTokens(target: unknown, token: string, values: readonly unknown[]): void {
  if (!isContainer(target) || values.length === 0) return;
  replaceEverywhere(target, (text) => {
    values.forEach((value, index) => {
      text = replaceLiteral(text, `${token}[${index}]`, value);
    });
    return replaceLiteral(text, token, values[0]);
  });
}

/** lookup: `${T}["col"]`, `${T}['col']` and `${T}[col]` become the row's value in that column. */
export function replaceColumnTokens(target: unknown, token: string, row: Record<string, string>): void {
  const columns = Object.keys(row);
  if (!isContainer(target) || columns.length === 0) return;
  replaceEverywhere(target, (text) => {
    for (const column of columns) {
      for (const quote of ['"', "'", ""]) {
        text = replaceLiteral(text, `${token}[${quote}${column}${quote}]`, row[column]);
      }
    }
    return text;
  });
}
