import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  behaviorCases,
  createAdminApiTarget,
  createMbTarget,
  edgeRoute,
  freePort,
  type MbProcess,
  type Pair,
  predicateCases,
  recordingCases,
  responseCases,
  runExchange,
  runValidation,
  startMountebank,
  validationCases,
} from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "../local/platform.ts";
import { PLATFORM_EXCEPTIONS } from "./platform-exceptions.ts";
import { normalizeForPlatform } from "./platform-rules.ts";

/**
 * The engine's differential suite, end to end: every case's imposter is POSTed to real Mountebank's
 * admin API and to the local platform's (Miniflare running workers/edge + workers/admin), and every
 * request goes over HTTP to mb's imposter port and to the platform's `/i/<port>`, answers compared.
 */
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-"));
let mb: MbProcess | undefined;
let platform: Platform | undefined;
let pair: Pair;

beforeAll(async () => {
  [mb, platform] = await Promise.all([startMountebank(), startPlatform({ port: 0, dataDir })]);
  const edgePort = Number(new URL(platform.url).port);
  pair = {
    reference: createMbTarget(mb.adminPort),
    candidate: createAdminApiTarget("platform", edgePort, edgeRoute(edgePort)),
    normalize: normalizeForPlatform,
  };
});

afterAll(async () => {
  await Promise.all([mb?.stop(), platform?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const exchanges = [...predicateCases, ...responseCases, ...behaviorCases, ...recordingCases];

// Cases run a few at a time (vitest's maxConcurrency): each has its own imposter on its own fresh port
// and sends its requests in order, so they cannot see each other, and the file stays well under a minute.

describe.concurrent.each([
  ["predicates", predicateCases],
  ["responses", responseCases],
  ["behaviors", behaviorCases],
  ["recording", recordingCases],
])("e2e differential: %s", (_area, cases) => {
  for (const c of cases) {
    const exception = PLATFORM_EXCEPTIONS[c.name];
    const title = exception ? `${c.name} [platform exception]` : c.name;
    it(title, async () => runExchange(pair, c, await freePort(), exception?.expected));
  }
});

// Every request sent twice over: the platform serves the repeats of a stateless imposter from its route memo
// (request line, named headers, body), and those answers must still be mb's.
describe.concurrent("e2e differential: predicates, the requests sent again", () => {
  for (const c of predicateCases.filter((one) => PLATFORM_EXCEPTIONS[one.name] === undefined)) {
    it(c.name, async () => runExchange(pair, c, await freePort(), undefined, 2));
  }
});

describe.concurrent("e2e differential: validation through POST /imposters", () => {
  for (const c of validationCases) it(c.name, async () => runValidation(pair, c, await freePort()));
});

it("every platform exception names a case that exists", () => {
  const names = new Set(exchanges.map((c) => c.name));
  expect(Object.keys(PLATFORM_EXCEPTIONS).filter((name) => !names.has(name))).toEqual([]);
});
