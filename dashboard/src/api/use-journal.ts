import { useEffect, useState } from "react";
import type { Api } from "./client.ts";
import type { StubsEvent } from "./journal.ts";
import { followStream } from "./journal-stream.ts";
import type { JournalEntry, MbRequest } from "./types.ts";

/** How often the fallback reloads the imposter when the platform has no journal stream. */
const POLL_MS = 2_000;
/** How long to wait before following a stream again that closed or failed. */
const RETRY_MS = 1_000;
/**
 * How many of the newest entries a page asks the stream to replay when it opens. The platform ends a
 * stream whose reader is 2,000 chunks behind (workers/edge/src/journal-feed.ts MAX_BACKLOG), and a replay
 * is written at once, so a replay of the whole journal (up to 10,000) would end before it starts.
 */
const REPLAY = 1_500;
/** The admin API keeps the newest 10,000 recorded requests per imposter; so does the page. */
const KEEP = 10_000;

export type JournalSource = "connecting" | "live" | "polling";

export interface Journal {
  entries: JournalEntry[];
  source: JournalSource;
  /** The answers proxies recorded into the stubs while the page listened (`event: stubs`), oldest first. */
  recordings: StubsEvent[];
  /** The newest version of the imposter the stream told of (`event: version`), if it told of one. */
  version?: number;
}

/** Appends the entries newer than the last one held (a stream followed again replays some twice). */
export function appendNewer(held: JournalEntry[], batch: JournalEntry[]): JournalEntry[] {
  const last = held.at(-1)?.seq ?? 0;
  const newer = batch.filter((entry) => entry.seq > last);
  return newer.length === 0 ? held : keepNewest([...held, ...newer]);
}

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
 * The imposter's journal: the live stream (GET /imposters/:id/requests/stream) with the newest REPLAY
 * entries replayed, followed again from the last entry seen when it closes; or, when the platform answers
 * the route with anything but an event stream, GET /imposters/:id every 2 s.
 */
export function useJournal(api: Api, port: number): Journal {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [recordings, setRecordings] = useState<StubsEvent[]>([]);
  const [source, setSource] = useState<JournalSource>("connecting");
  const [version, setVersion] = useState<number>();
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    // Undefined: where the journal is must be asked first (a stream without `since` says it in `hello`).
    let last: number | undefined;
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
        const probing = last === undefined;
        let received = false;
        const handlers = {
          // Live once the stream that replays and follows is open, not the one asking where the journal is.
          onOpen: () => {
            if (!probing) setSource("live");
          },
          onHello: (seq: number) => {
            if (!probing) return false;
            last = Math.max(0, seq - REPLAY);
            return true;
          },
          onEntries: (batch: JournalEntry[]) => {
            received = true;
            last = batch.at(-1)?.seq ?? last;
            setEntries((previous) => appendNewer(previous, batch));
          },
          onStubs: (batch: StubsEvent[]) => setRecordings((previous) => [...previous, ...batch]),
          onVersion: (newest: number) => setVersion((previous) => Math.max(previous ?? 0, newest)),
        };
        const outcome = await followStream(api, port, last, handlers, signal).catch(() => "ended" as const);
        if (outcome === "unsupported") return poll();
        if (signal.aborted) return;
        if (probing) continue;
        // A stream that ended with nothing (a replay the platform gave up on): ask where the journal is again.
        if (!received) last = undefined;
        setSource("connecting");
        await sleep(RETRY_MS);
      }
    };
    setEntries([]);
    setRecordings([]);
    setVersion(undefined);
    void follow();
    return () => abort.abort();
  }, [api, port]);
  return version === undefined ? { entries, source, recordings } : { entries, source, recordings, version };
}
