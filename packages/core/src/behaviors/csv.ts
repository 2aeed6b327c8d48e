/** A CSV reading error; its message is for logs only (Mountebank logs it and finds no row). */
export class CsvError extends Error {}

function lineEndAt(text: string, at: number): string | undefined {
  if (text.startsWith("\r\n", at)) return "\r\n";
  const char = text[at];
  return char === "\n" || char === "\r" ? char : undefined;
}

/**
 * Reads CSV records with the defaults Mountebank gets from csv-parse 5: `"` quotes, `""` inside quotes
 * for a quote, the record delimiter taken from the first line end seen outside quotes (\r\n, \n or \r;
 * after that other line ends are plain text), no trimming, a BOM kept, an empty line is a record of one
 * empty field, and every record must have as many fields as the first. An error stops the reading after
 * the records before it were yielded, as csv-parse's stream emits them.
 */
export function* csvRecords(text: string, delimiter: string): Generator<string[]> {
  if (delimiter === "") throw new CsvError("the delimiter must not be empty");
  let lineEnd: string | undefined;
  let expected: number | undefined;
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = "";
    if (text[i] === '"') {
      for (i += 1; ; i += 1) {
        if (i >= text.length) throw new CsvError("Quote Not Closed");
        if (text[i] !== '"') value += text[i];
        else if (text[i + 1] === '"') value += text[i++];
        else break;
      }
      i += 1;
      lineEnd ??= lineEndAt(text, i);
      const closes = i >= text.length || text.startsWith(delimiter, i) || isAt(text, i, lineEnd);
      if (!closes) throw new CsvError("Invalid Closing Quote");
    } else {
      for (; i < text.length; i += 1) {
        lineEnd ??= lineEndAt(text, i);
        if (isAt(text, i, lineEnd) || text.startsWith(delimiter, i)) break;
        if (text[i] === '"') throw new CsvError("Invalid Opening Quote");
        value += text[i];
      }
    }
    record.push(value);
    if (text.startsWith(delimiter, i) && !isAt(text, i, lineEnd)) {
      i += delimiter.length;
      if (i < text.length) continue;
      record.push("");
    } else if (lineEnd !== undefined && isAt(text, i, lineEnd)) {
      i += lineEnd.length;
    }
    expected ??= record.length;
    if (record.length !== expected) throw new CsvError(`Invalid Record Length: expect ${expected}`);
    yield record;
    record = [];
  }
}

function isAt(text: string, at: number, token: string | undefined): boolean {
  return token !== undefined && text.startsWith(token, at);
}
