import { useMemo, useState } from "react";
import type { Api } from "../api/client.ts";
import { fromEarlierStubs, type ImposterDetail, type JournalEntry } from "../api/types.ts";
import type { JournalSource } from "../api/use-journal.ts";
import { VirtualList } from "../components/VirtualList.tsx";
import { pluralize } from "../plural.ts";
import { NearMisses } from "./NearMisses.tsx";
import { filterEntries } from "./request-filter.ts";

interface Props {
  api: Api;
  imposter: ImposterDetail;
  journal: { entries: JournalEntry[]; source: JournalSource };
}

export function matchLabel(stubIndex: number | null | undefined, earlier = false): string {
  if (stubIndex === null) return "no match";
  if (stubIndex === undefined) return "";
  return earlier ? `stub #${stubIndex} (earlier stubs)` : `stub #${stubIndex}`;
}

const SOURCES: Record<JournalSource, string> = {
  connecting: "connecting…",
  live: "live",
  polling: "reloading every 2 s (this platform has no journal stream)",
};

/** The live journal, newest last; a request that matched nothing opens the near misses of the closest stubs. */
export function Requests({ api, imposter, journal }: Props) {
  const [selected, setSelected] = useState<number>();
  const [filter, setFilter] = useState("");
  const shown = useMemo(
    () =>
      filterEntries(journal.entries, filter, (one) =>
        matchLabel(one.stubIndex, fromEarlierStubs(one, imposter.version)),
      ),
    [journal.entries, filter, imposter.version],
  );
  const entry = selected === undefined ? undefined : shown[selected];
  const first = journal.entries[0]?.seq ?? 1;
  return (
    <div className="split">
      <div className="pane">
        <p className="muted">
          <span className={`dot ${journal.source}`} aria-hidden="true" /> Journal: {SOURCES[journal.source]}
          {imposter.recordRequests ? "" : " · this imposter does not record requests (recordRequests is off)"}
        </p>
        <div className="toolbar">
          <input
            type="search"
            aria-label="Filter requests"
            placeholder='Filter: POST /orders, x-tenant: acme, "no match"'
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setSelected(undefined);
            }}
          />
          <span className="muted" aria-live="polite">
            {filter.trim() === "" ? "" : `${shown.length} of ${journal.entries.length}`}
          </span>
        </div>
        {first > 1 ? (
          <p className="muted">
            Requests 1–{first - 1} came before the newest this page loaded; GET /imposters/{imposter.port}{" "}
            lists them all.
          </p>
        ) : null}
        <VirtualList
          label="requests"
          items={shown}
          rowHeight={36}
          selected={selected}
          onSelect={setSelected}
          renderRow={(item) => (
            <div className="request-row">
              <time>{item.at ? new Date(item.at).toLocaleTimeString() : ""}</time>
              <span className="method">{item.request.method}</span>
              <span className="path">{item.request.path}</span>
              <span
                className={item.stubIndex === null ? "badge miss" : "badge"}
                title={fromEarlierStubs(item, imposter.version) ? EARLIER : undefined}
              >
                {matchLabel(item.stubIndex, fromEarlierStubs(item, imposter.version))}
              </span>
            </div>
          )}
        />
      </div>
      <div className="pane">
        {entry === undefined ? (
          <p className="muted">{emptyHint(imposter, journal.entries.length)}</p>
        ) : (
          <RequestDetail
            api={api}
            port={imposter.port}
            entry={entry}
            earlier={fromEarlierStubs(entry, imposter.version)}
          />
        )}
      </div>
    </div>
  );
}

/** What the empty pane says: "send one" would mislead for an imposter that keeps no requests. */
function emptyHint(imposter: ImposterDetail, shown: number): string {
  if (shown > 0) return "Select a request to see it.";
  if (imposter.recordRequests) return "Select a request to see it (none yet: send one from Try it).";
  return `None kept: it has answered ${pluralize(imposter.numberOfRequests, "request")}, and lists them only with recordRequests on (mb's rule).`;
}

const EARLIER =
  "the index of a stub as the stubs were when this request was answered: a proxy's recording or an edit has changed them since";

function RequestDetail({
  api,
  port,
  entry,
  earlier,
}: {
  api: Api;
  port: number;
  entry: JournalEntry;
  earlier: boolean;
}) {
  const { request } = entry;
  return (
    <article aria-label="Request detail">
      <h2>
        {request.method} {request.path}{" "}
        <span className="badge" title={earlier ? EARLIER : undefined}>
          {matchLabel(entry.stubIndex, earlier) || "answered"}
        </span>
      </h2>
      <pre className="code">
        {JSON.stringify({ query: request.query, headers: request.headers, body: request.body }, null, 2)}
      </pre>
      {entry.stubIndex === null ? (
        <NearMisses key={entry.seq} api={api} port={port} request={request} />
      ) : null}
    </article>
  );
}
