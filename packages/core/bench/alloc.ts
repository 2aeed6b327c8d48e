/**
 * `tsx packages/core/bench/alloc.ts ["JSON body equals"] [requests]`: the bytes a request the front door
 * cannot answer from its memo allocates in the core (normalized, matched, its answer resolved), and by which
 * functions, for one of bench:core's body shapes (body-shapes.ts). V8's sampling heap profiler, told to keep
 * what the collector freed, so garbage counts too: it is what each request leaves the isolate's collector,
 * and its amount is exact where a time per request is not on this shared machine.
 */
import { Session } from "node:inspector/promises";
import { createEngine, normalizeRequest } from "../src/index.ts";
import { BODY_SHAPES } from "./body-shapes.ts";

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

const [prefix = "JSON body equals", countArg = "100000"] = process.argv.slice(2);
const count = Number(countArg);
const shape = BODY_SHAPES.find((one) => one.name.startsWith(prefix));
if (shape === undefined) throw new Error(`no body shape's name starts with "${prefix}"`);
const engine = createEngine(shape.imposter);
// As the front door hands it over: the body already decoded to text.
const raw = { ...shape.raw, body: new TextDecoder().decode(shape.raw.body as Uint8Array) };

async function serve(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const request = normalizeRequest(raw);
    const index = await engine.match(request);
    await engine.resolve(index, request, {});
  }
}

function bySite(node: ProfileNode, into: Map<string, number>, caller = ""): void {
  const { functionName, url } = node.callFrame;
  const name = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}`;
  // Builtins (Map, Object.keys) are named with their caller, which is what could avoid them.
  const site = url === "" ? `${name}<- ${caller}` : name;
  into.set(site, (into.get(site) ?? 0) + node.selfSize);
  for (const child of node.children) bySite(child, into, name);
}

await serve(20_000);
const session = new Session();
session.connect();
await session.post("HeapProfiler.startSampling", {
  samplingInterval: 64,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
await serve(count);
const { profile } = await session.post("HeapProfiler.stopSampling");
const sites = new Map<string, number>();
bySite(profile.head as ProfileNode, sites);
const total = [...sites.values()].reduce((sum, bytes) => sum + bytes, 0);
console.log(`${shape.name}: ${Math.round(total / count)} bytes a request over ${count} requests`);
for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  if (bytes / count >= 1) console.log(`${String(Math.round(bytes / count)).padStart(7)}  ${site}`);
}
