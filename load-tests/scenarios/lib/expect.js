// Shared by the k6 scripts (checks on every response) and the runner (a probe before each run), so both
// judge an answer the same way. Plain JavaScript without imports: k6 runs it as is, TypeScript reads JSDoc.

/**
 * @typedef {object} Expectation
 * @property {number} status
 * @property {string} [body] the exact body text
 * @property {unknown} [json] a JSON document the body must contain
 * @property {number} [minDurationMs] the least time the answer may take
 */

/**
 * Whether `actual` contains `expected`: objects by a subset of keys, arrays by equal length with every
 * expected member found in some actual one (admin APIs may order a list differently), scalars by identity.
 * @param {unknown} actual
 * @param {unknown} expected
 * @returns {boolean}
 */
export function jsonContains(actual, expected) {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((member) => actual.some((candidate) => jsonContains(candidate, member)))
    );
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const record = /** @type {Record<string, unknown>} */ (actual);
    return Object.entries(expected).every(
      ([key, value]) => key in record && jsonContains(record[key], value),
    );
  }
  return actual === expected;
}

/**
 * @param {string} body
 * @returns {unknown}
 */
function parseOrUndefined(body) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** @param {string} text */
function clip(text) {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * @param {number} status
 * @param {Expectation} expect
 * @returns {string | undefined} what is wrong with the status, if anything
 */
export function statusProblem(status, expect) {
  return status === expect.status ? undefined : `status ${status}, expected ${expect.status}`;
}

/**
 * @param {string | null} body
 * @param {Expectation} expect
 * @returns {string | undefined} what is wrong with the body, if anything
 */
export function bodyProblem(body, expect) {
  const text = body ?? "";
  if (expect.body !== undefined && text !== expect.body) {
    return `body ${JSON.stringify(clip(text))}, expected ${JSON.stringify(clip(expect.body))}`;
  }
  if (expect.json !== undefined && !jsonContains(parseOrUndefined(text), expect.json)) {
    return `body ${JSON.stringify(clip(text))} does not contain the expected JSON`;
  }
  return undefined;
}

/**
 * @param {number} durationMs
 * @param {Expectation} expect
 * @returns {string | undefined} whether the answer came too soon to have waited
 */
export function durationProblem(durationMs, expect) {
  if (expect.minDurationMs === undefined || durationMs >= expect.minDurationMs) return undefined;
  return `answered in ${durationMs.toFixed(1)} ms, expected at least ${expect.minDurationMs} ms`;
}

/**
 * Everything wrong with one answer; an empty list means it is right.
 * @param {{ status: number, body: string | null, durationMs: number }} answer
 * @param {Expectation} expect
 * @returns {string[]}
 */
export function problems(answer, expect) {
  const found = [
    statusProblem(answer.status, expect),
    bodyProblem(answer.body, expect),
    durationProblem(answer.durationMs, expect),
  ];
  return /** @type {string[]} */ (found.filter((problem) => problem !== undefined));
}
