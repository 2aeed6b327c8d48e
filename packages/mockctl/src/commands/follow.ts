import { JOURNAL_EVENTS, journalEntrySchema, journalHelloSchema } from "@mockctl/contract/journal-api";
import type { Client, Json } from "../client.ts";
import { CliError, type Output } from "../output.ts";
import { serverEvents } from "../sse.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits after a stream closed before asking again with `?since=` (a restarting platform, a proxy's timeout). */
const RECONNECT_MS = 500;

/**
 * `requests --follow` from the journal stream (`GET /imposters/:id/requests/stream`): `?since=0` first,
 * so the retained journal is replayed and then new requests follow in order; when the stream closes it
 * is opened again after the last `seq` printed, so nothing is printed twice or skipped. Answers false at
 * once when the platform has no stream (Mountebank, an older platform): the caller polls instead.
 */
export async function followStream(
  client: Client,
  port: number,
  print: (request: Json) => void,
  out: Output,
) {
  let since = 0;
  for (let first = true; ; first = false) {
    const body = await client.journalStream(port, since);
    if (body === null) {
      if (first) return false;
      throw new CliError(`imposter ${port}'s journal stream is gone`, [], "Was the imposter deleted?");
    }
    for await (const { event, data } of serverEvents(body)) {
      if (event === JOURNAL_EVENTS.hello) {
        // A platform that lost its journal (started again without --data) numbers from 0 again.
        since = Math.min(since, journalHelloSchema.parse(JSON.parse(data)).seq);
      } else if (event === JOURNAL_EVENTS.request) {
        const entry = journalEntrySchema.parse(JSON.parse(data));
        if (entry.seq <= since) continue;
        since = entry.seq;
        print(entry.request as Json);
      }
    }
    out.warn(`imposter ${port}'s journal stream closed; opening it again after request ${since}`);
    await sleep(RECONNECT_MS);
  }
}

/** Against a platform with no stream: GET /imposters/:port every `interval` ms, printing what is new. */
export async function followByPolling(
  client: Client,
  port: number,
  seen: Json[],
  interval: number,
  print: (request: Json) => void,
): Promise<never> {
  let previous = seen;
  for (;;) {
    await sleep(interval);
    const now = ((await client.getImposter(port)).requests ?? []) as Json[];
    // The journal keeps the newest 10,000: new ones are those after the last one printed.
    const last = previous.at(-1);
    const from =
      last === undefined ? 0 : now.findLastIndex((r) => JSON.stringify(r) === JSON.stringify(last)) + 1;
    for (const request of now.slice(from)) print(request);
    previous = now;
  }
}
