/** Small guards for walking untrusted JSON without ever throwing. */

export type JsonRecord = Record<string, unknown>;

/** A plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Mountebank's `helpers.isObject`: any non-null object, arrays included. */
export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** The value's own property, or undefined for anything that is not an object. */
export function field(value: unknown, key: string): unknown {
  return isObjectLike(value) && Object.hasOwn(value, key) ? (value as JsonRecord)[key] : undefined;
}

/** `${value}` as Mountebank interpolates it, but safe for objects whose toString throws or is missing. */
export function display(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Size in bytes of the UTF-8 encoding of `text`, without allocating the encoding. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3; // BMP characters, and lone surrogates, which TextEncoder writes as U+FFFD
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** JSON text of a value, or undefined when it cannot be serialized (cycles, nesting deeper than the stack). */
export function tryStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
