import type { RequestSpec } from "../fixtures/types.ts";
import { problems } from "../scenarios/lib/expect.js";

/**
 * Sends each request once before any load: it warms the target up (the platform compiles an imposter on
 * first use) and finds a wrong answer in one line instead of thousands of failed checks.
 */
export async function probe(baseUrl: string, requests: readonly RequestSpec[]): Promise<string[]> {
  const found: string[] = [];
  for (const request of requests) {
    const started = performance.now();
    try {
      const response = await fetch(baseUrl + request.path, {
        method: request.method,
        headers: request.headers ?? {},
        body: request.body ?? null,
      });
      const body = await response.text();
      const answer = { status: response.status, body, durationMs: performance.now() - started };
      for (const problem of problems(answer, request.expect)) found.push(`${request.name}: ${problem}`);
    } catch (error) {
      found.push(`${request.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return found;
}
