// The phases of one bench:start repetition for one target; each starts its own server on a fresh folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryOfTree, type ProcessMemory } from "./processes.ts";
import { create, expectBody, imposter, injecting } from "./start-imposters.ts";
import type { Phase, StartRun } from "./start-report.ts";
import { memoryKinds } from "./start-smaps.ts";
import { launch, type Running, type StartTarget, waitUntilAnswers } from "./start-targets.ts";
import { runWrk, type WrkResult } from "./wrk.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The user-code host is a workerd too; it runs a text config (`serve` without `--binary`). */
function named(one: ProcessMemory): ProcessMemory {
  if (one.name !== "workerd") return one;
  const argv = readFileSync(`/proc/${one.pid}/cmdline`, "utf8").split("\0");
  return argv.includes("--binary") ? one : { ...one, name: "workerd (user-code host)" };
}

/** PSS of every process of the server, and of the platform workerd's by kind of mapping (start-smaps.ts). */
function measure(run: StartRun, phase: Phase, server: Running): void {
  const memory = memoryOfTree(server.pid).map(named);
  run.memory[phase] = memory;
  const workerd = memory.find((one) => one.name === "workerd");
  const kinds = workerd === undefined ? undefined : memoryKinds(workerd.pid);
  if (kinds !== undefined) run.workerdKinds = { ...run.workerdKinds, [phase]: kinds };
}

const errorsOf = (result: WrkResult) => Object.values(result.errors).reduce((a, b) => a + b, 0);

/** wrk on `url` for `seconds`, memory halfway through and 10 s after. */
async function loadAndSettle(
  run: StartRun,
  server: Running,
  url: string,
  seconds: number,
  phases: [Phase, Phase],
) {
  const load = runWrk(url, { threads: 1, connections: 50, seconds });
  await sleep((seconds * 1000) / 2);
  measure(run, phases[0], server);
  const result = await load;
  await sleep(10_000);
  measure(run, phases[1], server);
  return result;
}

/** A server on a fresh data folder, stopped and its folder removed after `body`. */
async function withServer(target: StartTarget, port: number, body: (server: Running) => Promise<void>) {
  const data = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
  try {
    const server = await launch(target, port, data);
    try {
      await body(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** Where a phase runs: the target, the run it fills, its server's port, the first imposter port, load seconds. */
export interface Place {
  target: StartTarget;
  run: StartRun;
  port: number;
  imposterPort: number;
  seconds: number;
}

/**
 * Creates the imposter `body` at the place's imposter port, checks that `path` answers `expected`, and 2 s
 * later measures the first phase; then wrk on `path` (loadAndSettle) measures the other two.
 */
async function createAndLoad(
  place: Place,
  server: Running,
  [body, path, expected]: [object, string, string],
  [before, during, after]: [Phase, Phase, Phase],
): Promise<WrkResult> {
  await create(server.origin, body);
  const url = place.target.imposterUrl(server.origin, place.imposterPort, path);
  await expectBody(url, expected);
  await sleep(2_000);
  measure(place.run, before, server);
  return loadAndSettle(place.run, server, url, place.seconds, [during, after]);
}

/** Start on an empty folder, idle, then one imposter of 10,000 stubs: idle, under load, after load. */
export function emptyAnd10k(place: Place) {
  const { run } = place;
  return withServer(place.target, place.port, async (server) => {
    run.readyEmptyMs = server.readyMs;
    await sleep(2_000);
    measure(run, "idle", server);
    const stubs = imposter(place.imposterPort, 10_000);
    const result = await createAndLoad(
      place,
      server,
      [stubs, "/s9999", "stub 9999"],
      ["stubs10k", "duringLoad", "afterLoad"],
    );
    run.loadRps = result.rps;
    run.loadErrors = errorsOf(result);
  });
}

/** One imposter with an `inject` response, called once (mockctl starts its user-code host), then loaded. */
export function inject(place: Place) {
  return withServer(place.target, place.port, async (server) => {
    const result = await createAndLoad(
      place,
      server,
      [injecting(place.imposterPort), "/x", "injected /x"],
      ["injectIdle", "injectDuring", "injectAfter"],
    );
    place.run.injectRps = result.rps;
    place.run.injectErrors = errorsOf(result);
  });
}

/** 100 imposters of 100 stubs created, the server stopped, then started again on the same folder. */
export async function restartWith100x100({ target, run, port, imposterPort }: Place) {
  const data = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
  const ports = Array.from({ length: 100 }, (_, i) => imposterPort + i);
  try {
    const first = await launch(target, port, data);
    try {
      for (const one of ports) await create(first.origin, imposter(one, 100));
    } finally {
      await first.stop();
    }
    const since = performance.now();
    const again = await launch(target, port, data);
    try {
      run.ready100x100Ms = again.readyMs;
      const last = target.imposterUrl(again.origin, ports.at(-1) ?? imposterPort, "/s99");
      run.serving100x100Ms = await waitUntilAnswers(last, since);
      await expectBody(last, "stub 99");
      await sleep(2_000);
      measure(run, "idle100x100", again);
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}
