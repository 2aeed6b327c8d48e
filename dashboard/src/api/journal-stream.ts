import { type Api, authHeaders } from "./client.ts";
import {
  HelloEventSchema,
  JOURNAL_EVENTS,
  JournalEventSchema,
  type StubsEvent,
  StubsEventSchema,
  VersionEventSchema,
} from "./journal.ts";
import { readSse } from "./sse.ts";
import type { JournalEntry } from "./types.ts";

/** How long stream events are gathered before one render. */
const FLUSH_MS = 50;

export interface StreamHandlers {
  onOpen: () => void;
  /** The journal's last sequence number when the stream opened; answering true ends the stream there. */
  onHello?: (seq: number) => boolean;
  onEntries: (batch: JournalEntry[]) => void;
  /** Answers a proxy recorded into the stubs (`event: stubs`), gathered like entries: one call per batch. */
  onStubs?: (batch: StubsEvent[]) => void;
  /** The imposter's newest version (`event: version`: its stubs changed, by anyone), once per batch. */
  onVersion?: (version: number) => void;
}

/**
 * Follows GET /imposters/:id/requests/stream from `since` until it ends or `signal` aborts. Answers
 * "unsupported" when the platform does not answer with an event stream (a platform without the route),
 * "ended" when the stream closed. A replay of 10,000 entries arrives at once, so entries are handed over
 * in batches, not one render each.
 */
export async function followStream(
  api: Api,
  port: number,
  since: number | undefined,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<"unsupported" | "ended"> {
  const response = await api.fetch(api.streamUrl(port, since), {
    headers: { accept: "text/event-stream", ...authHeaders(api.session) },
    signal,
  });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || response.body === null || !type.startsWith("text/event-stream")) return "unsupported";
  handlers.onOpen();
  const done = new AbortController();
  signal.addEventListener("abort", () => done.abort(), { once: true });
  let pending: JournalEntry[] = [];
  let recorded: StubsEvent[] = [];
  let version: number | undefined;
  let scheduled = false;
  // Entries first: a `stubs` event follows the request that was proxied.
  const flush = () => {
    const [batch, stubs, newest] = [pending, recorded, version];
    [pending, recorded, version, scheduled] = [[], [], undefined, false];
    if (signal.aborted) return;
    if (batch.length > 0) handlers.onEntries(batch);
    if (stubs.length > 0) handlers.onStubs?.(stubs);
    if (newest !== undefined) handlers.onVersion?.(newest);
  };
  const later = () => {
    if (!scheduled) setTimeout(flush, FLUSH_MS);
    scheduled = true;
  };
  await readSse(
    response.body,
    (event) => {
      if (done.signal.aborted) return;
      if (event.event === JOURNAL_EVENTS.hello) {
        const hello = HelloEventSchema.parse(JSON.parse(event.data));
        if (hello.version !== undefined) handlers.onVersion?.(hello.version);
        if (handlers.onHello?.(hello.seq)) done.abort();
      }
      if (event.event === JOURNAL_EVENTS.request) {
        pending.push(JournalEventSchema.parse(JSON.parse(event.data)));
        later();
      } else if (event.event === JOURNAL_EVENTS.stubs) {
        recorded.push(StubsEventSchema.parse(JSON.parse(event.data)));
        later();
      } else if (event.event === JOURNAL_EVENTS.version) {
        version = Math.max(version ?? 0, VersionEventSchema.parse(JSON.parse(event.data)).version);
        later();
      }
    },
    done.signal,
  );
  if (scheduled) flush();
  return "ended";
}
