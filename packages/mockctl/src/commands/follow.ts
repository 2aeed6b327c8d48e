import { JOURNAL_EVENTS, journalEntrySchema, journalHelloSchema } from "@mockctl/contract/journal-api";
import type { Client, Json } from "../client.ts";
import { CliError, type Output } from "../output.ts";
import { serverEvents } from "../sse.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits after a stream closed before asking again with `?since=` (a restarting platform, a proxy's timeout). */
const RECONNECT_MS = 500;
/** How long a platform that went away mid-stream may take to come back before the follow gives up. */
export const UNREACHABLE_FOR_MS = 30_000;

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
    const body = first ? await client.journalStream(port, since) : await reopen(client, port, since);
    if (body === null) {
      if (first) return false;
      throw new CliError(`imposter ${port}'s journal stream is gone`, [], "Was the imposter deleted?");
    }
    // A platform stopped or restarted mid-stream ends it abruptly (undici: "terminated"), not with a close.
    const ended = await (async () => {
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
      return "closed";
    })().catch((error: unknown) => `broke (${error instanceof Error ? error.message : String(error)})`);
    out.warn(`imposter ${port}'s journal stream ${ended}; opening it again after request ${since}`);
    await sleep(RECONNECT_MS);
  }
}

/** The stream opened again, waiting out a platform that is restarting; past UNREACHABLE_FOR_MS its error stands. */
async function reopen(client: Client, port: number, since: number) {
  const giveUpAt = Date.now() + UNREACHABLE_FOR_MS;
  for (;;) {
    try {
      return await client.journalStream(port, since);
    } catch (error) {
      const unreachable = error instanceof CliError && error.message.startsWith("could not reach");
      if (!unreachable || Date.now() >= giveUpAt) throw error;
      await sleep(RECONNECT_MS);
    }
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
