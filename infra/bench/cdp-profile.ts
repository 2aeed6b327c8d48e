import WebSocket from "ws";

/** A V8 CPU profile as the DevTools protocol's Profiler.stop answers it (a .cpuprofile file). */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** V8's sampling heap profile (HeapProfiler.stopSampling): a call tree whose nodes hold the bytes sampled there. */
export interface HeapProfile {
  head: HeapNode;
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/**
 * Samples one isolate of workerd for `ms` through its inspector (`workerd serve --inspector-addr`, or
 * Miniflare's `inspectorPort`): the DevTools protocol's Profiler domain over the WebSocket workerd serves
 * per service at `/core:user:<worker name>`.
 */
export function profileIsolate(inspector: string, worker: string, ms: number, intervalUs = 100) {
  return inspect<CpuProfile>(`ws://${inspector}/core:user:${worker}`, async (send) => {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: intervalUs });
    await send("Profiler.start");
    await new Promise((done) => setTimeout(done, ms));
    const { profile } = (await send("Profiler.stop")) as { profile: CpuProfile };
    await send("Profiler.disable");
    return profile;
  });
}

/**
 * What one isolate allocates over `ms`, by V8's sampling heap profiler: an allocation every `intervalBytes`
 * on average is recorded with its stack, including objects the collections freed since (garbage is what a
 * request costs the scavenger, so it must count).
 */
export function sampleAllocations(inspector: string, worker: string, ms: number, intervalBytes = 256) {
  const during = () => new Promise<void>((done) => setTimeout(done, ms));
  return inspect(`ws://${inspector}/core:user:${worker}`, (send) => sampleWhile(send, during, intervalBytes));
}

/**
 * What a Node process started with `--inspect=<inspector>` allocates while `during` runs (a load, say), as
 * sampleAllocations records it, and what `during` gave.
 */
export async function sampleNodeAllocations<T>(
  inspector: string,
  during: () => Promise<T>,
  intervalBytes = 256,
) {
  const targets = (await (await fetch(`http://${inspector}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (url === undefined) throw new Error(`no inspector target at ${inspector}`);
  let result: T | undefined;
  const profile = await inspect(url, (send) =>
    sampleWhile(
      send,
      async () => {
        result = await during();
      },
      intervalBytes,
    ),
  );
  return { profile, result: result as T };
}

async function sampleWhile(send: Send, during: () => Promise<void>, intervalBytes: number) {
  await send("HeapProfiler.enable");
  await send("HeapProfiler.startSampling", {
    samplingInterval: intervalBytes,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await during();
  const { profile } = (await send("HeapProfiler.stopSampling")) as { profile: HeapProfile };
  await send("HeapProfiler.disable");
  return profile;
}

export type Send = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** Runs `session` on the DevTools session of one Worker's isolate in workerd. */
export const inspectIsolate = <T>(inspector: string, worker: string, session: (send: Send) => Promise<T>) =>
  inspect(`ws://${inspector}/core:user:${worker}`, session);

/** Runs `session` on a DevTools WebSocket (workerd serves one per service at `/core:user:<worker name>`). */
function inspect<T>(url: string, session: (send: Send) => Promise<T>): Promise<T> {
  const socket = new WebSocket(url);
  let next = 0;
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }), (error) => error && reject(error));
    });
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (call === undefined) return;
    waiting.delete(message.id!);
    if (message.error === undefined) call.resolve(message.result);
    else call.reject(new Error(`inspector: ${JSON.stringify(message.error)}`));
  });
  return new Promise<T>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", async () => {
      try {
        const result = await session(send);
        socket.close();
        resolve(result);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Self time of one function (all its call sites together), as a bottom-up view lists it. */
export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

const shortUrl = (url: string) => url.split("/").slice(-2).join("/");

/**
 * Self time by function, largest first. V8 puts time in native callbacks (the runtime's C++ behind an
 * API call) on the JS function that called them, and time outside JS in `(program)`, `(garbage
 * collector)` and `(idle)`.
 */
export function selfTimes(profile: CpuProfile): SelfTime[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    all += delta;
    if (frame === undefined) return;
    const where = frame.url === "" ? "" : ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || "(anonymous)"}${where}`;
    totals.set(name, (totals.get(name) ?? 0) + delta);
  });
  return [...totals]
    .map(([name, us]) => ({ name, ms: us / 1000, share: all === 0 ? 0 : us / all }))
    .sort((a, b) => b.ms - a.ms);
}

/** Bytes allocated by function (all its call sites together), largest first. */
export function allocationsBySelf(profile: HeapProfile): Array<{ name: string; bytes: number }> {
  const totals = new Map<string, number>();
  const visit = (node: HeapNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url === "" ? "" : ` ${shortUrl(url)}:${lineNumber + 1}`;
    const name = `${functionName || "(anonymous)"}${where}`;
    totals.set(name, (totals.get(name) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
