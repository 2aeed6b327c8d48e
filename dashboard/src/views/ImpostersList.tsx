import { useCallback, useEffect, useMemo, useState } from "react";
import { useWriteControl } from "../access.ts";
import type { Api } from "../api/client.ts";
import { ApiError, type ImposterSummary } from "../api/types.ts";
import { CopyButton } from "../components/CopyButton.tsx";
import { loadable } from "../components/Loadable.tsx";
import { VirtualList } from "../components/VirtualList.tsx";
import { pluralize } from "../plural.ts";
import { hrefOf } from "../route.ts";
import { exactTime, timeAgo, useNow } from "../time-ago.ts";
import { DeleteButton } from "./DeleteButton.tsx";

// The form validates with the core, which is loaded only when it opens.
const CreateImposter = loadable(() => import("./CreateImposter.tsx").then((m) => m.CreateImposter), "form");

/** Case-insensitive search over name, port, protocol and URL; a protocol filter on top. */
export function filterImposters(all: ImposterSummary[], query: string, protocol: string): ImposterSummary[] {
  const needle = query.trim().toLowerCase();
  return all.filter(
    (imposter) =>
      (protocol === "" || imposter.protocol === protocol) &&
      (needle === "" ||
        [imposter.name ?? "", String(imposter.port), imposter.protocol, imposter.url].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}

export type SortBy = "port" | "activity";

const activityOf = (imposter: ImposterSummary) =>
  imposter.lastActivity === null ? Number.NEGATIVE_INFINITY : Date.parse(imposter.lastActivity);

/** By port (Mountebank's order), or by last activity: the most recent first, those never used last. */
export function sortImposters(all: ImposterSummary[], by: SortBy): ImposterSummary[] {
  if (by === "port") return all;
  return [...all].sort((a, b) => activityOf(b) - activityOf(a) || a.port - b.port);
}

/**
 * What the list says when it cannot be read: the platform's own error, or, when nothing answered (fetch's
 * bare "TypeError: Failed to fetch"), that the platform is down and what the rows below still are.
 */
export function listError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "The platform did not answer (is it running?). The list below is the last one read; it is asked again every few seconds.";
}

/** How often the list asks again while the page is visible: new imposters, counts and last activity. */
export const LIST_REFRESH_MS = 5_000;

export function ImpostersList({ api, refreshMs = LIST_REFRESH_MS }: { api: Api; refreshMs?: number }) {
  const [imposters, setImposters] = useState<ImposterSummary[] | undefined>();
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState("");
  const [protocol, setProtocol] = useState("");
  const [sortBy, setSortBy] = useState<SortBy>("port");
  const now = useNow();
  const [creating, setCreating] = useState(false);
  const write = useWriteControl();
  const [created, setCreated] = useState<number[]>([]);
  const [selected, setSelected] = useState<number>();
  const reload = useCallback(() => {
    api.listImposters().then(
      (listed) => {
        setImposters(listed);
        setError(undefined);
      },
      (e: unknown) => setError(listError(e)),
    );
  }, [api]);
  useEffect(() => reload(), [reload]);
  // The list used to be read once: requests and imposters made elsewhere never showed until a reload.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [reload, refreshMs]);
  const shown = useMemo(
    () => sortImposters(filterImposters(imposters ?? [], query, protocol), sortBy),
    [imposters, query, protocol, sortBy],
  );
  const open = (imposter: ImposterSummary) => {
    window.location.hash = `#/imposters/${imposter.port}/stubs`;
  };

  return (
    <section aria-labelledby="imposters-title">
      <div className="toolbar">
        <h1 id="imposters-title">Imposters</h1>
        <input
          type="search"
          aria-label="Search imposters"
          placeholder="Search name, port, URL…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <select aria-label="Protocol" value={protocol} onChange={(e) => setProtocol(e.target.value)}>
          <option value="">all protocols</option>
          <option value="http">http</option>
          <option value="https">https</option>
        </select>
        <select aria-label="Sort by" value={sortBy} onChange={(e) => setSortBy(e.target.value as SortBy)}>
          <option value="port">by port</option>
          <option value="activity">by last activity</option>
        </select>
        <button type="button" onClick={() => setCreating(true)} {...write}>
          New imposter
        </button>
      </div>
      {creating ? (
        <CreateImposter
          api={api}
          onCancel={() => setCreating(false)}
          onCreated={(ports, finished) => {
            if (finished) setCreating(false);
            setCreated(ports);
            reload();
          }}
        />
      ) : null}
      {created.length > 0 ? <CreatedNotice ports={created} /> : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {imposters === undefined ? <p className="loading">Loading…</p> : null}
      {imposters?.length === 0 ? <p className="muted">No imposters yet: create one.</p> : null}
      <div className="list-head imposter-row" aria-hidden="true">
        <span>port</span>
        <span>name</span>
        <span>protocol</span>
        <span>stubs</span>
        <span>requests</span>
        <span>last activity</span>
        <span className="url">hosted URL</span>
        <span />
      </div>
      <VirtualList
        label="imposters"
        className="imposters"
        items={shown}
        rowHeight={44}
        selected={selected}
        onSelect={setSelected}
        onActivate={(index) => {
          const imposter = shown[index];
          if (imposter) open(imposter);
        }}
        renderRow={(imposter) => (
          <div className="imposter-row">
            <a href={`#/imposters/${imposter.port}/stubs`}>{imposter.port}</a>
            <span className="name" title={imposter.name}>
              {imposter.name ?? ""}
            </span>
            <span>{imposter.protocol}</span>
            <span>{imposter.stubCount}</span>
            <span>{imposter.numberOfRequests}</span>
            <span className="activity" title={exactTime(imposter.lastActivity)}>
              {imposter.lastActivity === null ? (
                "never"
              ) : (
                <time dateTime={imposter.lastActivity}>{timeAgo(imposter.lastActivity, now)}</time>
              )}
            </span>
            <span className="url">
              <code title={imposter.url}>{imposter.url}</code>{" "}
              <CopyButton text={imposter.url} label={`Copy URL of ${imposter.port}`} />
            </span>
            <DeleteButton api={api} port={imposter.port} onDeleted={reload} />
          </div>
        )}
      />
      <p className="muted">
        {shown.length} of {pluralize(imposters?.length ?? 0, "imposter")}
      </p>
    </section>
  );
}

/** Which imposters the last Create made, each a link: an imposter without a port gets one from the platform. */
function CreatedNotice({ ports }: { ports: number[] }) {
  return (
    <output className="muted created">
      Created{" "}
      {ports.map((port, index) => (
        <span key={port}>
          {index > 0 ? ", " : ""}
          <a href={hrefOf({ view: "imposter", port, tab: "stubs" })}>{port}</a>
        </span>
      ))}
      .
    </output>
  );
}
