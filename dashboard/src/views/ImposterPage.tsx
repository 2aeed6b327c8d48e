import { useCallback, useEffect, useState } from "react";
import type { Api } from "../api/client.ts";
import { ApiError, type ImposterDetail } from "../api/types.ts";
import { useJournal } from "../api/use-journal.ts";
import { CopyButton } from "../components/CopyButton.tsx";
import { loadable } from "../components/Loadable.tsx";
import { hrefOf, TABS, type Tab } from "../route.ts";
import { DeleteButton } from "./DeleteButton.tsx";
import { ExportButton } from "./ExportButton.tsx";
import { Requests } from "./Requests.tsx";
import { TryIt } from "./TryIt.tsx";

// The chart library is loaded with the traffic tab only, keeping it out of the first render's bundle.
const Traffic = loadable(() => import("./Traffic.tsx").then((m) => m.default), "chart");
// So is the core's validation, with the stub editor.
const StubsEditor = loadable(() => import("./StubsEditor.tsx").then((m) => m.StubsEditor), "editor");

const TITLES: Record<Tab, string> = {
  stubs: "Stubs",
  requests: "Requests",
  try: "Try it",
  traffic: "Traffic",
};

export function ImposterPage({ api, port, tab }: { api: Api; port: number; tab: Tab }) {
  const [imposter, setImposter] = useState<ImposterDetail>();
  const [error, setError] = useState<string>();
  const [editorOpened, setEditorOpened] = useState(tab === "stubs");
  useEffect(() => {
    if (tab === "stubs") setEditorOpened(true);
  }, [tab]);
  const journal = useJournal(api, port);
  const reload = useCallback(() => {
    api
      .getImposter(port)
      .then(setImposter, (e: unknown) =>
        setError(
          e instanceof ApiError && e.status === 404
            ? `No imposter ${port} on this platform: it may have been deleted, or never created.`
            : String(e),
        ),
      );
  }, [api, port]);
  useEffect(() => reload(), [reload]);
  // A request answered by a newer version than the one shown, or the stream telling of one (stubs changed
  // elsewhere: the CLI, a test suite, another tab): read the imposter again, so the stubs shown are the
  // platform's and stub indexes are read against the stubs that answered.
  const answeredBy = journal.entries.at(-1)?.version;
  const newest =
    answeredBy === undefined && journal.version === undefined
      ? undefined
      : Math.max(answeredBy ?? 0, journal.version ?? 0);
  const shown = imposter?.version;
  useEffect(() => {
    if (newest !== undefined && shown !== undefined && newest > shown) reload();
  }, [newest, shown, reload]);

  if (error)
    return (
      <section>
        <p role="alert" className="error">
          {error}
        </p>
        <a href={hrefOf({ view: "list" })}>← All imposters</a>
      </section>
    );
  if (imposter === undefined) return <p className="loading">Loading…</p>;
  return (
    <section aria-labelledby="imposter-title">
      <div className="toolbar">
        <h1 id="imposter-title">
          {imposter.port} {imposter.name ? <span className="muted">{imposter.name}</span> : null}
        </h1>
        <code className="url">{imposter.url}</code>
        <CopyButton text={imposter.url} label="Copy hosted URL" />
        <ExportButton api={api} port={port} />
        <DeleteButton
          api={api}
          port={port}
          onDeleted={() => {
            window.location.hash = "#/";
          }}
        />
      </div>
      <nav className="tabs" aria-label="Imposter views">
        {TABS.map((name) => (
          <a
            key={name}
            href={hrefOf({ view: "imposter", port, tab: name })}
            aria-current={name === tab ? "page" : undefined}
          >
            {TITLES[name]}
            {name === "requests" ? ` (${journal.entries.length})` : ""}
          </a>
        ))}
      </nav>
      {/* Kept mounted once opened, so unsaved edits survive a look at another tab. */}
      {tab === "stubs" || editorOpened ? (
        <div hidden={tab !== "stubs"}>
          <StubsEditor api={api} imposter={imposter} onSaved={setImposter} recordings={journal.recordings} />
        </div>
      ) : null}
      {tab === "requests" ? <Requests api={api} imposter={imposter} journal={journal} /> : null}
      {tab === "try" ? <TryIt api={api} imposter={imposter} /> : null}
      {tab === "traffic" ? <Traffic imposter={imposter} entries={journal.entries} /> : null}
    </section>
  );
}
