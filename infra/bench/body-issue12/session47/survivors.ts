// What outlives a young collection, per request, by the code that allocated it (BODY-PROFILE.md, section 47):
//   npx tsx infra/bench/body-issue12/session47/survivors.ts <case> [--all] [--floor]
// Loads the case on a platform on workerd's socket (with --all, every bench:platform imposter is created and
// answered first, as a full run's platform holds them; with --floor, the case's floor Worker instead), then
// samples the serving isolate with V8's sampling heap profiler for 5 s of wrk, counting only objects that
// survived a scavenge: those are what the old generation takes in, and what its mark-compacts then walk.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFloor } from "../../../floor/floor.ts";
import { startPlatform } from "../../../local/platform.ts";
import { type HeapProfile, inspectIsolate } from "../../cdp-profile.ts";
import { scenarioOf } from "../../scenario-by-id.ts";
import { createImposter, SCENARIOS, type Scenario, verify, wrkLoadOf, wrkPathOf } from "../../scenarios.ts";
import { runWrk } from "../../wrk.ts";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { all: { type: "boolean", default: false }, floor: { type: "boolean", default: false } },
});
const scenario = scenarioOf(positionals[0] ?? "header-routing");
const INSPECTOR = "127.0.0.1:9332";
const SECONDS = 5;

type Node = HeapProfile["head"];
interface Site {
  bytes: number;
  where: string;
}

function sites(head: Node): Site[] {
  const out: Site[] = [];
  const name = (node: Node) => `${node.callFrame.functionName || "(anonymous)"}:${node.callFrame.lineNumber}`;
  const walk = (node: Node, parent: string) => {
    if (node.selfSize > 0) out.push({ bytes: node.selfSize, where: `${parent} > ${name(node)}` });
    for (const child of node.children) walk(child, name(node));
  };
  walk(head, "");
  return out.sort((a, b) => b.bytes - a.bytes);
}

async function serve(): Promise<{ url: string; worker: string; loaded: Scenario; stop(): Promise<void> }> {
  if (args.floor) {
    const floor = await startFloor({ port: 0, inspectorPort: Number(INSPECTOR.split(":")[1]) });
    return { ...floor, worker: "mockctl-floor", loaded: scenarioOf(scenario.floor ?? "floor") };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "survivors-"));
  const platform = await startPlatform({
    port: 0,
    direct: true,
    dataDir,
    inspector: INSPECTOR,
    allowInjection: true,
  });
  for (const one of args.all ? [...new Set([...SCENARIOS, scenario])] : [scenario]) {
    await createImposter(platform.url, one);
    await verify(platform.url, one);
  }
  return { url: platform.url, stop: () => platform.stop(), worker: "mockctl-edge", loaded: scenario };
}

const server = await serve();
try {
  const load = { threads: 1, connections: 50, ...wrkLoadOf(server.loaded) };
  const url = `${server.url}${wrkPathOf(server.loaded)}`;
  await runWrk(url, { ...load, seconds: 2 });
  const { profile, requests } = await inspectIsolate(INSPECTOR, server.worker, async (send) => {
    await send("HeapProfiler.enable");
    // Minor-collected objects left out: what remains survived a scavenge.
    const sampling = { samplingInterval: 128, includeObjectsCollectedByMajorGC: true };
    await send("HeapProfiler.startSampling", { ...sampling, includeObjectsCollectedByMinorGC: false });
    const result = await runWrk(url, { ...load, seconds: SECONDS });
    const stopped = (await send("HeapProfiler.stopSampling")) as { profile: HeapProfile };
    return { profile: stopped.profile, requests: result.rps * SECONDS };
  });
  const all = sites(profile.head);
  const total = all.reduce((sum, one) => sum + one.bytes, 0);
  console.log(
    `${server.loaded.id}${args.all ? " (every imposter loaded)" : ""}: ${Math.round(requests)} requests,`,
  );
  console.log(
    `${(total / requests).toFixed(1)} bytes a request survived a scavenge; by site (bytes a request):`,
  );
  for (const one of all.slice(0, 12)) console.log(`  ${(one.bytes / requests).toFixed(2)}  ${one.where}`);
} finally {
  await server.stop();
}
