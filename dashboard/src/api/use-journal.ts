import { useEffect, useState } from "react";
import type { Api } from "./client.ts";
import { followStream } from "./journal-stream.ts";
import type { JournalEntry, MbRequest } from "./types.ts";

/** How often the fallback reloads the imposter when the platform has no journal stream. */
const POLL_MS = 2_000;
/** How long to wait before following a stream again that closed or failed. */
const RETRY_MS = 1_000;
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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The imposter's journal: the live stream (GET /imposters/:id/requests/stream), replayed from the start and
 * followed again from the last entry seen when it closes; or, when the platform answers the route with
 * anything but an event stream, GET /imposters/:id every 2 s.
 */
export function useJournal(api: Api, port: number): { entries: JournalEntry[]; source: JournalSource } {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [source, setSource] = useState<JournalSource>("connecting");
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    let last = 0;
    const poll = async () => {
      setSource("polling");
      while (!signal.aborted) {
        const imposter = await api.getImposter(port).catch(() => undefined);
        if (imposter !== undefined && !signal.aborted)
          setEntries(keepNewest(fromRecorded(imposter.requests ?? [])));
        await sleep(POLL_MS);
      }
    };
    const follow = async () => {
      while (!signal.aborted) {
        const handlers = {
          onOpen: () => setSource("live"),
          onEntries: (batch: JournalEntry[]) => {
            last = batch.at(-1)?.seq ?? last;
            setEntries((previous) => keepNewest([...previous, ...batch]));
          },
        };
        const outcome = await followStream(api, port, last, handlers, signal).catch(() => "ended" as const);
        if (outcome === "unsupported") return poll();
        if (signal.aborted) return;
        setSource("connecting");
        await sleep(RETRY_MS);
      }
    };
    setEntries([]);
    void follow();
    return () => abort.abort();
  }, [api, port]);
  return { entries, source };
}
