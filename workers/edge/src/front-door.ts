import type { MbRequest } from "@mockctl/core";
import { createEngine, type ImposterEngine, normalizeRequest } from "@mockctl/core";
import type { ImposterAddress } from "./address.ts";
import { failed, noSuchImposter } from "./errors.ts";
import { toRawRequest } from "./incoming.ts";
import { objectFor, plainRequest } from "./object-stub.ts";
import { toResponse } from "./outgoing.ts";
import {
  confirm,
  countHit,
  lookup,
  publish,
  type Served,
  startFlush,
  takeHits,
  thisIsolate,
} from "./registry.ts";

/**
 * How long stateless hits wait in the registry before they are sent to the imposter's object. Reads made
 * through the object in this isolate fold them in at once, so numberOfRequests is exact locally; what a
 * crash can lose, and how stale another isolate's count can be, is bounded by this.
 */
export const FLUSH_MS = 1_000;

/** A registry miss: ask the object, which publishes itself if it lives in this isolate; else compile here. */
async function load(env: Env, name: string): Promise<Served> {
  const { version, imposter } = await objectFor(env, name).snapshot();
  const engine = imposter === null ? null : createEngine(imposter);
  if (!confirm(name, version)) publish(name, version, engine);
  return lookup(name) ?? { version, engine, loadedAt: 0 };
}

/**
 * Sends the hits pending for an imposter to its object. An object in this isolate takes them from the
 * registry itself (so a read in between can neither miss nor double them); one elsewhere adds the count
 * sent, which is then taken here. On failure they stay pending for the next flush or read.
 */
async function flushHits(env: Env, name: string): Promise<void> {
  await scheduler.wait(FLUSH_MS);
  const pending = startFlush(name);
  if (pending === 0) return;
  try {
    const takenThere = await objectFor(env, name).addRequests(pending, thisIsolate());
    if (!takenThere) takeHits(name, pending);
  } catch (error) {
    console.error(`could not count ${pending} requests of ${name}`, error);
  }
}

function countStateless(env: Env, ctx: ExecutionContext, name: string): void {
  if (countHit(name)) ctx.waitUntil(flushHits(env, name));
}

/**
 * Stateless stubs are answered here from the registry; a stub that changes state (cycling, repeat,
 * recording) or an imposter that records requests goes to the object, which serializes them.
 */
async function answer(
  env: Env,
  ctx: ExecutionContext,
  name: string,
  engine: ImposterEngine,
  request: MbRequest,
) {
  let stubIndex: number;
  try {
    stubIndex = await engine.match(request);
  } catch (error) {
    countStateless(env, ctx, name); // mb counts a request before matching it
    return failed(error);
  }
  if (engine.isStateful(stubIndex)) return objectFor(env, name).handle(plainRequest(request));
  countStateless(env, ctx, name);
  try {
    return (await engine.resolve(stubIndex, request)).response;
  } catch (error) {
    return failed(error);
  }
}

export async function serveImposter(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  address: ImposterAddress,
): Promise<Response> {
  const name = `${env.WORKSPACE}:${address.port}`;
  const served = lookup(name) ?? (await load(env, name));
  if (served.engine === null) return toResponse(noSuchImposter());
  const mbRequest = normalizeRequest(await toRawRequest(request, address.target));
  return toResponse(await answer(env, ctx, name, served.engine, mbRequest));
}
