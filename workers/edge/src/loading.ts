import { kvSnapshots, readPointer, readSnapshot } from "@mockctl/contract";
import { createEngine, type Imposter } from "@mockctl/core";
import { objectFor } from "./object-stub.ts";
import { confirm, peek, publish, type Served } from "./registry.ts";

/**
 * How a front door gets an imposter it holds no fresh entry for. The admin Worker publishes every version
 * of a definition to KV, never rewritten, and points a key at the latest (the layout, writer and reader are
 * in @mockctl/contract, snapshots.ts); the imposter's object stays the authority.
 *
 * - Cold (this isolate never held it): the pointer and that version's snapshot come from KV, so the first
 *   answer needs no trip to an object that may be on another continent; the object is asked at once in the
 *   background. KV has nothing: the object answers.
 * - Revalidation (an entry older than REVALIDATE_MS): the object says which version is current, and only
 *   that number crosses; a new version's definition comes from KV, or from the object when KV does not
 *   have it yet.
 *
 * The bound across locations: an isolate serves an entry for at most REVALIDATE_MS (5 s) after its object
 * last confirmed it, so every request that starts more than 5 s plus one object round trip after an admin
 * call returned sees the change. KV's pointer may lag elsewhere by KV's propagation delay (60 s or more;
 * this location keeps a read for 30 s, readPointer), but only a cold isolate reads it, and only until its
 * background check returns: one object round trip. Strict imposters (strict-mode.ts) have no window.
 * Locally the object shares the isolate and publishes every change before the admin call returns: the
 * next request sees every change, as in Mountebank. There KV_SNAPSHOTS is "false" (the launcher): the admin
 * Worker publishes nothing, and every load and new version comes from the object, in this same isolate.
 */

const compiled = (imposter: Imposter | null) => (imposter === null ? null : createEngine(imposter));

/** The object's whole snapshot; compiled here only when this isolate does not hold that version already. */
async function fromObject(env: Env, name: string): Promise<Served> {
  const { version, imposter } = await objectFor(env, name).snapshot();
  return confirm(name, version) ?? publish(name, version, compiled(imposter));
}

/** Asks the object which version is current and takes that version from KV when it is new here. */
async function revalidate(env: Env, name: string): Promise<Served> {
  const head = await objectFor(env, name).head();
  const held = confirm(name, head.version);
  if (held !== undefined) return held;
  if (!head.exists) return publish(name, head.version, null);
  const imposter = kvSnapshots(env) ? await readSnapshot(env.SNAPSHOTS, name, head.version) : null;
  return imposter === null ? fromObject(env, name) : publish(name, head.version, createEngine(imposter));
}

/** The latest version KV knows of, compiled; undefined when KV has no pointer or no snapshot for it. */
async function fromPointer(kv: KVNamespace, name: string): Promise<Served | undefined> {
  const version = await readPointer(kv, name);
  if (version === undefined) return undefined;
  const imposter = await readSnapshot(kv, name, version);
  return imposter === null ? undefined : publish(name, version, createEngine(imposter));
}

/**
 * Entries their object has vouched for, or is being asked about: a burst of cold requests that all load the
 * same entry asks the object once. Plain data in a WeakSet, so nothing outlives the registry entry.
 */
const vouched = new WeakSet<Served>();

async function vouch(env: Env, name: string): Promise<void> {
  try {
    vouched.add(await revalidate(env, name));
  } catch (error) {
    console.error(`could not revalidate ${name}`, error);
  }
}

function checkInBackground(env: Env, ctx: ExecutionContext, name: string, entry: Served): void {
  if (vouched.has(entry)) return;
  vouched.add(entry);
  ctx.waitUntil(vouch(env, name));
}

/**
 * Revalidations under way, by imposter: the requests that find an entry expired at the same moment (all
 * of them, under load) share one question to the object instead of asking it one each.
 */
const asking = new Map<string, Promise<Served>>();

function revalidateOnce(env: Env, name: string): Promise<Served> {
  let answer = asking.get(name);
  if (answer === undefined) {
    answer = revalidate(env, name).finally(() => asking.delete(name));
    asking.set(name, answer);
  }
  return answer;
}

/** A registry miss: revalidate what this isolate holds, or load a cold imposter from KV, else the object. */
export async function load(env: Env, ctx: ExecutionContext, name: string): Promise<Served> {
  if (peek(name) !== undefined) return revalidateOnce(env, name);
  const fromKv = kvSnapshots(env) ? await fromPointer(env.SNAPSHOTS, name) : undefined;
  if (fromKv === undefined) return fromObject(env, name);
  checkInBackground(env, ctx, name, fromKv);
  return fromKv;
}
