import { MbFailure } from "../errors.ts";

export type HeaderRecord = Record<string, string | string[]>;

// Node's own checks in writeHead (_http_common.js). Mountebank answers 500 when they fail, and a Worker's
// Headers would throw on the same input, so we fail the same way with Node's messages.
const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const INVALID_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

const internal = (message: string): MbFailure => new MbFailure({ code: "internal error", message });

function headerText(name: string, value: unknown): string {
  if (value === undefined) throw internal(`Invalid value "undefined" for header "${name}"`);
  const text = String(value);
  if (INVALID_VALUE_CHAR.test(text)) throw internal(`Invalid character in header content ["${name}"]`);
  return text;
}

/**
 * Turns the headers of an `is` response into strings as Node writes them: numbers, booleans and null are
 * stringified, an array becomes one header line per element.
 */
export function toHeaderRecord(headers: Record<string, unknown>): HeaderRecord {
  const result: HeaderRecord = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw internal(`Header name must be a valid HTTP token ["${name}"]`);
    const text = Array.isArray(value) ? value.map((item) => headerText(name, item)) : headerText(name, value);
    // defineProperty, so a header literally named "__proto__" stays a header.
    Object.defineProperty(result, name, {
      value: text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/** The stored name of a header whatever its case, as Mountebank's headersMap finds it. */
export function headerName(headers: HeaderRecord, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.keys(headers).find((key) => key.toLowerCase() === wanted);
}

/** Sets a header case-insensitively: an existing header keeps its spelling, a new one takes `name`. */
export function setHeader(headers: HeaderRecord, name: string, value: string | string[]): void {
  headers[headerName(headers, name) ?? name] = value;
}
