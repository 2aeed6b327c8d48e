import { afterAll, beforeAll, describe, it } from "vitest";
import { createAdminApiTarget, createMbTarget, edgeRoute } from "./admin-api-target.ts";
import { behaviorCases } from "./behaviors.cases.ts";
import { createCoreTarget } from "./core-target.ts";
import { freePort, type MbProcess, startMountebank } from "./mb-process.ts";
import { predicateCases } from "./predicates.cases.ts";
import { recordingCases } from "./recording.cases.ts";
import { responseCases } from "./responses.cases.ts";
import { type Pair, runExchange, runValidation } from "./runner.ts";
import type { Target } from "./target.ts";
import { validationCases } from "./validation.cases.ts";

/**
 * Every case runs on the real Mountebank 2.9.1 and on a candidate, and their answers are compared. The
 * candidate is our core served in-process by node:http; set MOCKCTL_DIFF_PLATFORM=<port> to compare
 * the running local platform instead (admin API on that port, imposters under /i/<id>), compared raw.
 * infra/e2e/differential.e2e.test.ts is the real end-to-end run: it starts both itself and applies the
 * platform's documented differences (workerd's Content-Length, request headers folded, no CSV upload).
 */
function candidate(): Target {
  const platform = Number(process.env.MOCKCTL_DIFF_PLATFORM);
  return platform > 0 ? createAdminApiTarget("platform", platform, edgeRoute(platform)) : createCoreTarget();
}

// One mb for the whole file; every case creates and deletes its own imposter on a fresh port.
let mb: MbProcess | undefined;
let pair: Pair;

beforeAll(async () => {
  mb = await startMountebank();
  pair = { reference: createMbTarget(mb.adminPort), candidate: candidate() };
}, 30_000);

afterAll(async () => {
  await pair?.candidate.close();
  await mb?.stop();
});

describe.each([
  ["predicates", predicateCases],
  ["responses", responseCases],
  ["behaviors", behaviorCases],
  ["recording", recordingCases],
])("differential: %s", (_area, cases) => {
  for (const c of cases) it(c.name, async () => runExchange(pair, c, await freePort()));
});

describe("differential: validation", () => {
  for (const c of validationCases) it(c.name, async () => runValidation(pair, c, await freePort()));
});
