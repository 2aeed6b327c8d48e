import { expect } from "vitest";
import type { ExchangeCase, ValidationCase } from "./case-types.ts";
import { bodyText, type Comparable, comparable, comparableRecord, errorSummary } from "./compare.ts";
import type { Target } from "./target.ts";
import type { WireResponse } from "./wire.ts";

/** The reference (Mountebank) and the target under test, run side by side on the same imposter id. */
export interface Pair {
  reference: Target;
  candidate: Target;
  /**
   * Applied to both answers before they are compared: the place for rules about a candidate's server
   * stack (the platform's on workerd) rather than its engine. None by default.
   */
  normalize?: (response: WireResponse) => WireResponse;
}

/**
 * What the candidate must answer to request #index, given Mountebank's (normalized) answer. By default
 * the same; a case the candidate cannot serve identically passes its documented answer instead.
 */
export type Expectation = (mb: Comparable, index: number) => Comparable;

async function create(target: Target, imposter: unknown): Promise<void> {
  const created = await target.createImposter(imposter);
  if (created.status !== 201) {
    throw new Error(`${target.name} refused the imposter: ${created.status} ${JSON.stringify(created.body)}`);
  }
}

/**
 * Creates the imposter on both targets, sends the requests in order (each one to both targets at once,
 * so cycling state advances in step) and compares every answer. Always deletes both imposters.
 * With `passes` above 1 the whole list is sent again: a target that remembers answers (the platform's
 * route memo) then serves the repeats from what it kept, and they are compared with mb's as well. The
 * case's own expectations hold for the first pass only, as a cycling stub answers a repeat differently.
 */
export async function runExchange(
  pair: Pair,
  c: ExchangeCase,
  port: number,
  expected: Expectation = (mb) => mb,
  passes = 1,
): Promise<void> {
  const view = (response: WireResponse) => comparable(pair.normalize?.(response) ?? response);
  const imposter = { protocol: "http", port, ...c.imposter };
  try {
    await create(pair.reference, imposter);
    await create(pair.candidate, imposter);
    for (let pass = 0; pass < passes; pass++) {
      for (const [i, req] of c.requests.entries()) {
        const where = `request #${i} ${req.method ?? "GET"} ${req.path ?? "/"}${pass > 0 ? `, pass ${pass + 1}` : ""}`;
        const [theirs, ours] = await Promise.all([
          pair.reference.request(port, req),
          pair.candidate.request(port, req),
        ]);
        if (pass === 0) checkReference(theirs, ours, req, where);
        expect(view(ours), `ours vs mb, ${where}`).toEqual(expected(view(theirs), i));
      }
    }
    if (c.imposter.recordRequests === true) await compareRecorded(pair, port);
  } finally {
    await Promise.all([pair.reference.deleteImposter(port), pair.candidate.deleteImposter(port)]);
  }
}

/** What a recording imposter keeps of each request (`requests[]`), where both targets can list it. */
async function compareRecorded({ reference, candidate }: Pair, port: number): Promise<void> {
  if (reference.recordedRequests === undefined || candidate.recordedRequests === undefined) return;
  const [theirs, ours] = await Promise.all([
    reference.recordedRequests(port),
    candidate.recordedRequests(port),
  ]);
  expect(theirs.length, "mb recorded every request").toBeGreaterThan(0);
  expect(ours.map(comparableRecord), "requests[] ours vs mb").toEqual(theirs.map(comparableRecord));
}

/** The case's own expectations of mb's answer (so a wrong case cannot pass), and of both servers' waits. */
function checkReference(
  theirs: WireResponse,
  ours: WireResponse,
  req: ExchangeCase["requests"][number],
  where: string,
): void {
  if (req.expect?.status !== undefined) expect(theirs.status, `mb status, ${where}`).toBe(req.expect.status);
  if (req.expect?.body !== undefined) {
    expect(bodyText(theirs.body), `mb body, ${where}`).toBe(req.expect.body);
  }
  if (req.minElapsedMs !== undefined) {
    expect(theirs.elapsedMs, `mb wait, ${where}`).toBeGreaterThanOrEqual(req.minElapsedMs);
    expect(ours.elapsedMs, `our wait, ${where}`).toBeGreaterThanOrEqual(req.minElapsedMs);
  }
}

/** POSTs the same imposter to both and compares status plus each error's code and message. */
export async function runValidation(pair: Pair, c: ValidationCase, port: number): Promise<void> {
  const imposter = typeof c.imposter === "function" ? c.imposter(port) : { port, ...c.imposter };
  try {
    const [theirs, ours] = await Promise.all([
      pair.reference.createImposter(imposter),
      pair.candidate.createImposter(imposter),
    ]);
    if (c.deviation) {
      expect(errorSummary(theirs), `mb answer (${c.deviation.why})`).toEqual(c.deviation.mb);
      // Our side may leave a message out: then only the code is pinned down.
      expect(errorSummary(ours), `our answer (${c.deviation.why})`).toMatchObject(c.deviation.ours);
    } else {
      expect(errorSummary(ours), "ours vs mb").toEqual(errorSummary(theirs));
    }
  } finally {
    await Promise.all([pair.reference.deleteImposter(port), pair.candidate.deleteImposter(port)]);
  }
}
