import { useEffect, useState } from "react";
import { type Api, authHeaders } from "./client.ts";
import { HelloEventSchema, JOURNAL_EVENTS, JournalEventSchema } from "./journal.ts";
import { readSse } from "./sse.ts";
import type { JournalEntry, MbRequest } from "./types.ts";

/** How often the fallback reloads the imposter when the platform has no journal stream. */
const POLL_MS = 2_000;
/** How long stream events are gathered before one render. */
const FLUSH_MS = 50;
/** The admin API keeps the newest 10,000 recorded requests per imposter; so does the page. */
const KEEP = 10_000;

export type JournalSource = "connecting" | "live" | "polling";

function keepNewest(entries: JournalEntry[]): JournalEntry[] {
  return entries.length > KEEP ? entries.slice(entries.length - KEEP) : entries;
}

/** Entries from GET /imposters/:id's `requests`: which stub answered is unknown there. */
export function fromRecorded(requests: MbRequest[]): JournalEntry[] {
  return requests.map((request, index) => ({
    seq: index + 1,
    at: request.timestamp ?? "",
    request,
    stubIndex: undefined,
  }));
}

/**
 * The imposter's journal: the live stream (GET /imposters/:id/requests/stream, replayed from the start),
 * or, when the platform answers it with anything but an event stream, GET /imposters/:id every 2 s.
 */
export function useJournal(api: Api, port: number): { entries: JournalEntry[]; source: JournalSource } {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [source, setSource] = useState<JournalSource>("connecting");
  useEffect(() => {
    const abort = new AbortController();
    const poll = async () => {
      setSource("polling");
      while (!abort.signal.aborted) {
        const imposter = await api.getImposter(port).catch(() => undefined);
        if (imposter !== undefined && !abort.signal.aborted)
          setEntries(keepNewest(fromRecorded(imposter.requests ?? [])));
        await new Promise((done) => setTimeout(done, POLL_MS));
      }
    };
    const stream = async () => {
      const response = await api.fetch(api.streamUrl(port, 0), {
        headers: { accept: "text/event-stream", ...authHeaders(api.session) },
        signal: abort.signal,
      });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || response.body === null || !type.startsWith("text/event-stream")) return poll();
      setSource("live");
      // A replay of 10,000 entries arrives at once: they are applied in batches, not one render each.
      let pending: JournalEntry[] = [];
      const flush = () => {
        const batch = pending;
        pending = [];
        setEntries((previous) => keepNewest([...previous, ...batch]));
      };
      await readSse(
        response.body,
        (event) => {
          if (event.event === JOURNAL_EVENTS.hello) HelloEventSchema.parse(JSON.parse(event.data));
          if (event.event !== JOURNAL_EVENTS.request) return;
          if (pending.length === 0) setTimeout(flush, FLUSH_MS);
          pending.push(JournalEventSchema.parse(JSON.parse(event.data)));
        },
        abort.signal,
      );
    };
    stream().catch(() => {
      if (!abort.signal.aborted) void poll();
    });
    return () => abort.abort();
  }, [api, port]);
  return { entries, source };
}
