import { workspaceOfObject } from "@mockctl/contract";
import type { EngineDeps, ImposterEngine } from "@mockctl/core";

/**
 * The imposters this isolate serves without a hop, by object name (`${workspace}:${port}`).
 *
 * In workerd the imposter Durable Objects and the stateless front door share the isolate, so each object
 * publishes here synchronously whenever it loads or changes: the next request sees the change (mb's
 * semantics) at the cost of a Map lookup. An object that lives elsewhere (another process or location in
 * production) cannot publish here, so every entry is revalidated against its object once it is older than
 * REVALIDATE_MS (loading.ts): that is the staleness bound across isolates.
 */
export interface Served {
  /** The object's version; versions only grow, so the larger one is always the more recent truth. */
  readonly version: number;
  /** null: the imposter does not exist at this version (a tombstone, so unknown ports need no hop). */
  readonly engine: ImposterEngine | null;
  loadedAt: number;
  /** The workspace the name is in (`workspaceOfObject`), worked out once here rather than per request. */
  readonly workspace: string;
  /** Its workspace's data-source seam for `env`, made on the first request that needs it (front-door.ts). */
  dataSources?: { readonly env: object; readonly deps: Pick<EngineDeps, "dataSource"> };
}

export const REVALIDATE_MS = 5_000;

const served = new Map<string, Served>();
const hits = new Map<string, number>();
const flushing = new Set<string>();

/** Told the name of an imposter whose entry was replaced or dropped, so that caches of the old one let it go. */
const retirements: Array<(name: string) => void> = [];

export function onRetire(listener: (name: string) => void): void {
  retirements.push(listener);
}

function retire(name: string): void {
  for (const listener of retirements) listener(name);
}

/** The entry to serve from, or undefined when there is none or it is due for revalidation. */
export function lookup(name: string, now = Date.now()): Served | undefined {
  const entry = served.get(name);
  return entry !== undefined && now - entry.loadedAt < REVALIDATE_MS ? entry : undefined;
}

/** What this isolate holds for an imposter, however old: the starting point of a revalidation. */
export function peek(name: string): Served | undefined {
  return served.get(name);
}

/** Marks the entry as confirmed at `version` and answers it; undefined when the registry holds another. */
export function confirm(name: string, version: number): Served | undefined {
  const entry = served.get(name);
  if (entry?.version !== version) return undefined;
  entry.loadedAt = Date.now();
  return entry;
}

/**
 * Records an imposter's state and answers the entry now held; never goes back to an older version (a slow
 * load must not undo a delete), so that entry may be a newer one.
 */
export function publish(name: string, version: number, engine: ImposterEngine | null): Served {
  const held = confirm(name, version) ?? served.get(name);
  if (held !== undefined && held.version >= version) return held;
  const entry: Served = { version, engine, loadedAt: Date.now(), workspace: workspaceOfObject(name) };
  served.set(name, entry);
  if (held !== undefined) retire(name);
  holdTombstone(name, engine === null);
  return entry;
}

/**
 * Tombstones held at most: addresses may name any workspace (`/w/<workspace>/i/<port>`), so the names asked
 * for are unbounded, and each unknown one would otherwise stay here for good (~200 bytes each). Past the
 * bound the oldest is dropped: its next request asks its object again. An imposter that exists is never
 * dropped.
 */
export const MAX_TOMBSTONES = 10_000;
/** The names whose entry is a tombstone, oldest first. */
const tombstones = new Set<string>();

function holdTombstone(name: string, isTombstone: boolean): void {
  tombstones.delete(name);
  if (!isTombstone) return;
  tombstones.add(name);
  if (tombstones.size <= MAX_TOMBSTONES) return;
  const [oldest] = tombstones;
  if (oldest === undefined) return;
  tombstones.delete(oldest);
  served.delete(oldest);
  retire(oldest);
}

/** Drops what this isolate knows of an imposter, as an isolate that never served it (tests stand for one). */
export function forget(name: string): void {
  served.delete(name);
  tombstones.delete(name);
  retire(name);
}

/**
 * Counts a request served from the registry; true when no flush of this imposter's hits is scheduled
 * yet, so the caller schedules one.
 */
export function countHit(name: string): boolean {
  hits.set(name, (hits.get(name) ?? 0) + 1);
  if (flushing.has(name)) return false;
  flushing.add(name);
  return true;
}

/** A scheduled flush starts: hits counted from now on schedule the next one. Returns the hits pending. */
export function startFlush(name: string): number {
  flushing.delete(name);
  return hits.get(name) ?? 0;
}

/** Takes `count` pending hits (all by default), once they are in the object's counter. */
export function takeHits(name: string, count = Number.POSITIVE_INFINITY): number {
  const pending = hits.get(name) ?? 0;
  const taken = Math.min(pending, count);
  if (pending === taken) hits.delete(name);
  else hits.set(name, pending - taken);
  return taken;
}

let isolateId: string | undefined;

/**
 * Tells an object whether a caller shares its isolate, and so its registry. Made on first use: workerd
 * refuses randomness while a module is being evaluated.
 */
export function thisIsolate(): string {
  isolateId ??= crypto.randomUUID();
  return isolateId;
}
