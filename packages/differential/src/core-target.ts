import { readFile } from "node:fs/promises";
import { failureResponse, STATUS } from "@mockctl/contract";
import {
  createEngine,
  type EngineDeps,
  type ImposterState,
  normalizeRequest,
  validateImposter,
} from "@mockctl/core";
import { freePort } from "./mb-process.ts";
import { type ServedImposter, serve } from "./node-adapter.ts";
import type { Target } from "./target.ts";
import { send } from "./wire.ts";

/** Lookup CSVs come from disk here, as they do for mb; on the platform they are uploaded data sources. */
async function fromDisk(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

const freshState = (): ImposterState => ({ cursors: {}, numberOfRequests: 0, requests: [] });

/**
 * Our core, in this process: the admin side is `validateImposter` + `createEngine`, each imposter is a
 * node:http server on a free port (its id is the `port` of the JSON). Injection stays off, as in mb.
 */
export function createCoreTarget(deps: EngineDeps = { dataSource: fromDisk }): Target {
  const served = new Map<number, ServedImposter>();

  async function remove(id: number) {
    const imposter = served.get(id);
    served.delete(id);
    await imposter?.close();
  }

  return {
    name: "core",
    async createImposter(json) {
      const result = validateImposter(json, { allowInjection: false });
      if (!result.ok) {
        return {
          status: STATUS[result.kind ?? result.errors[0]?.code ?? "bad data"],
          body: { errors: result.errors },
        };
      }
      // mb picks a free port when none is given; so do we, to keep the id unique.
      const imposter = { ...result.value, port: result.value.port ?? (await freePort()) };
      const engine = createEngine(imposter);
      const state = freshState();
      await remove(imposter.port);
      const server = await serve(async (raw) => {
        try {
          return (await engine.respond(normalizeRequest(raw), state, deps)).response;
        } catch (error) {
          return failureResponse(error);
        }
      });
      served.set(imposter.port, server);
      return { status: 201, body: imposter };
    },
    request(id, req) {
      const server = served.get(id);
      if (!server) throw new Error(`core target: no imposter ${id}`);
      // The Host header names the imposter's own port, as a client of mb would send it.
      return send(server.port, req, `127.0.0.1:${id}`);
    },
    deleteImposter: remove,
    async close() {
      await Promise.all([...served.keys()].map(remove));
    },
  };
}
