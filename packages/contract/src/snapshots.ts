import type { Imposter } from "@mockctl/core";
import { objectName } from "./naming.ts";
import type { ImposterRecord } from "./object-api.ts";

/**
 * The KV layout for isolates that cannot ask the imposter's object on every request (DESIGN.md, "State and
 * consistency"), writer (the admin Worker) and reader (the front door) side by side. `${name}:${version}`
 * holds the validated definition as JSON, and `${name}` (the object's name) holds the latest version. Object
 * versions survive deletion, so a snapshot key is never rewritten with another definition.
 */
export const snapshotKey = (name: string, version: number) => `${name}:${version}`;
export const pointerKey = (name: string) => name;

/**
 * Whether the snapshots are kept at all: both Workers' KV_SNAPSHOTS var, "false" only on the local
 * platform (the launcher), where every imposter object shares the front door's isolate and is asked directly.
 */
export const kvSnapshots = (env: { KV_SNAPSHOTS?: string }) => env.KV_SNAPSHOTS !== "false";

/**
 * The part of a KV namespace used here, so the contract needs no Workers types (a KVNamespace is one).
 * Snapshots are read as text and parsed here, as `type: "json"` would.
 */
export interface SnapshotKv {
  get(key: string, options: { cacheTtl: number }): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Both keys at once: a reader that finds the pointer before its snapshot lands reads null and asks the
 * object (`readSnapshot`), as it would when KV's propagation delivers them out of order anyway.
 */
export async function publishSnapshot(kv: SnapshotKv, workspace: string, record: ImposterRecord) {
  const name = objectName(workspace, record.imposter.port);
  await Promise.all([
    kv.put(snapshotKey(name, record.version), JSON.stringify(record.imposter)),
    kv.put(pointerKey(name), String(record.version)),
  ]);
}

/**
 * Publishing is best effort once the object has committed: KV takes one write per second per key, so quick
 * successive changes to one imposter can be refused, and failing the admin call then would report a change
 * as lost that is already in effect. The front door never trusts KV beyond a first load: it checks the
 * object's version at once, so a missed write only costs that isolate one round trip.
 */
export async function publishQuietly(
  kv: SnapshotKv,
  workspace: string,
  record: ImposterRecord,
  log: (message: string) => void = console.error,
): Promise<boolean> {
  try {
    await publishSnapshot(kv, workspace, record);
    return true;
  } catch (error) {
    const name = objectName(workspace, record.imposter.port);
    log(`snapshot of ${name} v${record.version} not published: ${reason(error)}`);
    return false;
  }
}

/**
 * Only the pointer goes: old versions stay readable for any isolate still holding them. Best effort, like
 * publishQuietly: an isolate that still finds the pointer asks the object, which knows the imposter is gone.
 */
export async function withdrawSnapshot(
  kv: SnapshotKv,
  workspace: string,
  port: number,
  log: (message: string) => void = console.error,
) {
  const name = objectName(workspace, port);
  try {
    await kv.delete(pointerKey(name));
  } catch (error) {
    log(`snapshot pointer of ${name} not withdrawn: ${reason(error)}`);
  }
}

/** KV's shortest cache lifetime for a read: the pointer is the one key that changes. */
const POINTER_CACHE_S = 30;
/**
 * A version never names two definitions, so a kept snapshot is never wrong; but a miss can be kept too (a
 * location that looked before the admin Worker's write arrived), and that only costs a trip to the object.
 */
const SNAPSHOT_CACHE_S = 300;

/** A version's definition, or null when KV does not have it (yet) or cannot be read. */
export async function readSnapshot(kv: SnapshotKv, name: string, version: number): Promise<Imposter | null> {
  try {
    const text = await kv.get(snapshotKey(name, version), { cacheTtl: SNAPSHOT_CACHE_S });
    return text === null ? null : (JSON.parse(text) as Imposter);
  } catch (error) {
    console.error(`could not read snapshot ${version} of ${name} from KV`, error);
    return null;
  }
}

/** The latest version KV knows of, or undefined when it has no pointer or cannot be read. */
export async function readPointer(kv: SnapshotKv, name: string): Promise<number | undefined> {
  let pointer: string | null;
  try {
    pointer = await kv.get(pointerKey(name), { cacheTtl: POINTER_CACHE_S });
  } catch (error) {
    console.error(`could not read the pointer of ${name} from KV`, error);
    return undefined;
  }
  const version = Number(pointer ?? Number.NaN);
  return Number.isSafeInteger(version) ? version : undefined;
}
