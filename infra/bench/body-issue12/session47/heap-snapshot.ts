// The edge's live heap with every bench:platform imposter loaded (BODY-PROFILE.md, section 47):
//   npx tsx infra/bench/body-issue12/session47/heap-snapshot.ts <file> [<case>]
// Creates and answers every imposter (or only <case>'s) on a platform on workerd's socket, collects, and writes
// a DevTools heap snapshot of the edge's isolate to <file>; `python3 heap-summary.py <file>` sums it by kind.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { startPlatform } from "../../../local/platform.ts";
import { createImposter, SCENARIOS, verify } from "../../scenarios.ts";

const [file = "/tmp/edge.heapsnapshot", only] = process.argv.slice(2);
const inspector = "127.0.0.1:9331";
const dataDir = mkdtempSync(join(tmpdir(), "heap-"));
const server = await startPlatform({ port: 0, direct: true, dataDir, inspector, allowInjection: true });
try {
  for (const scenario of SCENARIOS.filter((one) => only === undefined || one.id === only)) {
    await createImposter(server.url, scenario);
    await verify(server.url, scenario);
  }
  writeFileSync(file, await snapshot(`ws://${inspector}/core:user:mockctl-edge`));
  console.log(`written ${file}`);
} finally {
  await server.stop();
}

/** The snapshot comes as events (HeapProfiler.addHeapSnapshotChunk) before the call's own answer. */
async function snapshot(url: string): Promise<string> {
  const socket = new WebSocket(url);
  await new Promise((opened) => socket.once("open", opened));
  const chunks: string[] = [];
  const answers = new Map<number, () => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; params?: { chunk: string } };
    if (message.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(message.params!.chunk);
    else if (message.id !== undefined) answers.get(message.id)?.();
  });
  let next = 0;
  const send = (method: string) =>
    new Promise<void>((answered) => {
      answers.set(++next, answered);
      socket.send(JSON.stringify({ id: next, method, params: {} }));
    });
  await send("HeapProfiler.enable");
  await send("HeapProfiler.collectGarbage");
  await send("HeapProfiler.takeHeapSnapshot");
  socket.close();
  return chunks.join("");
}
