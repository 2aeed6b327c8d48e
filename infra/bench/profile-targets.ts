import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFloor } from "../floor/floor.ts";
import { listenKeepAlive } from "../local/keep-alive.ts";
import { type Platform, startPlatform } from "../local/platform.ts";
import { newWorkerd, workerdPids } from "./cpu-time.ts";

/**
 * What profile-body.ts loads: the floor and the platform on workerd's own TCP socket (`direct`), this
 * tree's keep-alive relay in front of that same workerd over TCP (`relay`), another keep-alive.ts there
 * (`other-relay`, given as a file: main's, say), and the platform as `npm start` serves it (`npm`: its own
 * workerd, behind the relay over a unix socket). A relay runs in this process, so its CPU is this process's.
 */
export type Where = "floor" | "direct" | "relay" | "other-relay" | "npm";

export interface Target {
  origin: string;
  /** The workerd process serving it, and its inspector (host:port) and Worker, for the profiler. */
  pid: number;
  inspector: string;
  worker: string;
}

const INSPECTOR_PORT = { floor: 9231, direct: 9232, npm: 9233 };

export async function startTargets(
  wanted: ReadonlySet<Where>,
  otherRelay: string | undefined,
): Promise<{ targets: Partial<Record<Where, Target>>; stop(): Promise<void> }> {
  const running: Platform[] = [];
  const stop = async () => {
    for (const server of running.reverse()) await server.stop();
  };
  const targets: Partial<Record<Where, Target>> = {};
  const known = workerdPids();
  const platform = async (where: "direct" | "npm") => {
    const dataDir = mkdtempSync(join(tmpdir(), "mockctl-profile-"));
    running.push({ url: "", stop: async () => rmSync(dataDir, { recursive: true, force: true }) });
    const inspector = `127.0.0.1:${INSPECTOR_PORT[where]}`;
    // allowInjection: the `inject` scenario runs user code (the user-code host's hop).
    const started = await startPlatform({
      port: 0,
      direct: where === "direct",
      dataDir,
      inspector,
      allowInjection: true,
    });
    running.push(started);
    targets[where] = { origin: started.url, pid: newWorkerd(known), inspector, worker: "mockctl-edge" };
  };
  try {
    const floor = await startFloor({ port: 0, inspectorPort: INSPECTOR_PORT.floor });
    running.push(floor);
    const inspector = `127.0.0.1:${INSPECTOR_PORT.floor}`;
    targets.floor = { origin: floor.url, pid: newWorkerd(known), inspector, worker: "mockctl-floor" };
    await platform("direct");
    if (wanted.has("npm")) await platform("npm");
    const direct = targets.direct!;
    const relayed = async (listen: typeof listenKeepAlive): Promise<Target> => {
      const upstream = { host: "127.0.0.1", port: Number(new URL(direct.origin).port) };
      const relay = await listen({ host: "127.0.0.1", port: 0, upstream });
      running.push({ url: "", stop: relay.close });
      return { ...direct, origin: `http://127.0.0.1:${relay.port}` };
    };
    if (wanted.has("relay")) targets.relay = await relayed(listenKeepAlive);
    if (otherRelay !== undefined) {
      const module = (await import(otherRelay)) as { listenKeepAlive: typeof listenKeepAlive };
      targets["other-relay"] = await relayed(module.listenKeepAlive);
    }
    return { targets, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
