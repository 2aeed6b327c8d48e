import { join } from "node:path";
import { startFloor } from "@mockctl/infra/floor";
import type { TargetName } from "../fixtures/scenarios.ts";
import { startMountebank } from "./mountebank.ts";
import { startNpmStart } from "./npm-start.ts";

export interface RunningTarget {
  name: TargetName;
  /** The admin API (Mountebank, platform), or the floor's only page. */
  url: string;
  /** Where the imposter with this port answers; absent on the floor, one fixed Worker without imposters. */
  imposterUrl?: (port: number) => string;
  stop(): Promise<void>;
  /** A synchronous stop for an exit this tick; absent where Miniflare's own exit hooks stop workerd. */
  kill?: () => void;
}

export interface TargetSetup {
  /** Mountebank's admin port; its imposters listen on their own ports. */
  mountebankPort: number;
  /** A fresh folder for logs, pid files and platform storage, removed after the run. */
  dir: string;
}

/** Starts one target on 127.0.0.1: load never goes anywhere else. */
export async function startTarget(name: TargetName, setup: TargetSetup): Promise<RunningTarget> {
  if (name === "mountebank") {
    const mb = await startMountebank(setup.mountebankPort, setup.dir);
    return {
      name,
      url: mb.url,
      imposterUrl: (port) => `http://127.0.0.1:${port}`,
      stop: mb.stop,
      kill: mb.kill,
    };
  }
  if (name === "platform") {
    const platform = await startNpmStart(join(setup.dir, "platform-data"));
    return {
      name,
      url: platform.url,
      imposterUrl: (port) => `${platform.url}/i/${port}`,
      stop: platform.stop,
      kill: platform.kill,
    };
  }
  const floor = await startFloor({ port: 0, host: "127.0.0.1" });
  return { name, url: floor.url, stop: floor.stop };
}
