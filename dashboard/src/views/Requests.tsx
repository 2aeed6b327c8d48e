import { useState } from "react";
import type { Api } from "../api/client.ts";
import type { ImposterDetail, JournalEntry } from "../api/types.ts";
import type { JournalSource } from "../api/use-journal.ts";
import { VirtualList } from "../components/VirtualList.tsx";
import { pluralize } from "../plural.ts";
import { NearMisses } from "./NearMisses.tsx";

interface Props {
  api: Api;
  imposter: ImposterDetail;
  journal: { entries: JournalEntry[]; source: JournalSource };
}

export function matchLabel(stubIndex: number | null | undefined): string {
  if (stubIndex === null) return "no match";
  return stubIndex === undefined ? "" : `stub #${stubIndex}`;
}

const SOURCES: Record<JournalSource, string> = {
  connecting: "connecting…",
  live: "live",
  polling: "reloading every 2 s (this platform has no journal stream)",
};

/** The live journal, newest last; a request that matched nothing opens the near misses of the closest stubs. */
export function Requests({ api, imposter, journal }: Props) {
  const [selected, setSelected] = useState<number>();
  const entry = selected === undefined ? undefined : journal.entries[selected];
  return (
    <div className="split">
      <div className="pane">
        <p className="muted">
          <span className={`dot ${journal.source}`} aria-hidden="true" /> Journal: {SOURCES[journal.source]}
          {imposter.recordRequests ? "" : " · this imposter does not record requests (recordRequests is off)"}
        </p>
        <VirtualList
          label="requests"
          items={journal.entries}
          rowHeight={36}
          selected={selected}
          onSelect={setSelected}
          renderRow={(item) => (
            <div className="request-row">
              <time>{item.at ? new Date(item.at).toLocaleTimeString() : ""}</time>
              <span className="method">{item.request.method}</span>
              <span className="path">{item.request.path}</span>
              <span className={item.stubIndex === null ? "badge miss" : "badge"}>
                {matchLabel(item.stubIndex)}
              </span>
            </div>
          )}
        />
      </div>
      <div className="pane">
        {entry === undefined ? (
          <p className="muted">{emptyHint(imposter, journal.entries.length)}</p>
        ) : (
          <RequestDetail api={api} port={imposter.port} entry={entry} />
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

function RequestDetail({ api, port, entry }: { api: Api; port: number; entry: JournalEntry }) {
  const { request } = entry;
  return (
    <article aria-label="Request detail">
      <h2>
        {request.method} {request.path}{" "}
        <span className="badge">{matchLabel(entry.stubIndex) || "answered"}</span>
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
