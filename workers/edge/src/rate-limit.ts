import { renderErrors } from "@mockctl/contract";

/**
 * Requests per second per imposter, counted in this isolate alone: a token bucket per imposter that holds
 * one second's worth (the burst; at least one request) and refills continuously. No storage is read or written and no other
 * isolate is asked, so the bound a client meets is RATE_LIMIT_RPS × the isolates serving the imposter
 * (README, "Limits"; docs/architecture.md, "Rate limit"). Mountebank has no such limit.
 */
interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new Map<string, Bucket>();

/** Past this many buckets, the full ones are dropped: a full bucket behaves exactly as a missing one. */
const MAX_BUCKETS = 10_000;

let configured: string | undefined;
let perSecond = 0;

/** RATE_LIMIT_RPS, parsed once per distinct value; 0, empty or not a positive number turns the limit off. */
export function rateLimitOf(env: Env): number {
  if (env.RATE_LIMIT_RPS !== configured) {
    configured = env.RATE_LIMIT_RPS;
    const value = Number(configured);
    perSecond = Number.isFinite(value) && value > 0 ? value : 0;
  }
  return perSecond;
}

function sweep(now: number, limit: number): void {
  for (const [name, bucket] of buckets) {
    if (bucket.tokens + ((now - bucket.at) * limit) / 1000 >= Math.max(limit, 1)) buckets.delete(name);
  }
  // Every bucket is in use: start again rather than grow without bound (the limit loosens for a moment).
  if (buckets.size >= MAX_BUCKETS) buckets.clear();
}

/** Takes one token for the imposter `name`: 0 when the request may go on, else the seconds to wait. */
export function take(name: string, limit: number, now: number): number {
  const burst = Math.max(limit, 1);
  let bucket = buckets.get(name);
  if (bucket === undefined) {
    if (buckets.size >= MAX_BUCKETS) sweep(now, limit);
    bucket = { tokens: burst, at: now };
    buckets.set(name, bucket);
  } else if (now > bucket.at) {
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * limit) / 1000);
    bucket.at = now;
  }
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - bucket.tokens) / limit));
}

/** How many imposters this isolate holds a bucket for (tests). */
export const bucketsHeld = (): number => buckets.size;

/** 429 in Mountebank's error envelope, with the seconds until a token is back in `Retry-After`. */
export function tooManyRequests(limit: number, retryAfter: number): Response {
  const message = `this imposter takes at most ${limit} requests per second; try again in ${retryAfter} s`;
  const body = renderErrors([{ code: "too many requests", message, data: { limit, retryAfter } }]);
  return new Response(body, {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(retryAfter) },
  });
}
