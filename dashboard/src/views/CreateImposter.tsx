import { useMemo, useState } from "react";
import type { Api } from "../api/client.ts";
import { ApiError, type MbError } from "../api/types.ts";
import { Errors } from "../components/Errors.tsx";
import { checkImposters } from "../validation.ts";

const BLANK = { protocol: "http", recordRequests: true, stubs: [] };

/** Create from a blank imposter, pasted Mountebank JSON, or a file (JSON as `mb save` writes it). */
export function CreateImposter({
  api,
  onCreated,
  onCancel,
}: {
  api: Api;
  /** The ports created (the platform picks one for an imposter without); `finished` when all of them were. */
  onCreated: (ports: number[], finished: boolean) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(JSON.stringify(BLANK, null, 2));
  const [serverErrors, setServerErrors] = useState<MbError[]>([]);
  const [busy, setBusy] = useState(false);
  const check = useMemo(() => checkImposters(text), [text]);

  // Imposters are created one request each, so a refusal can come after some were created: those are
  // reported and taken out of the text, and Create then retries only the rest.
  const create = async () => {
    if (!check.ok) return;
    setBusy(true);
    const ports: number[] = [];
    try {
      for (const imposter of check.value) ports.push((await api.createImposter(imposter)).port);
      onCreated(ports, true);
    } catch (error) {
      const errors =
        error instanceof ApiError ? error.errors : [{ code: "bad data", message: String(error) }];
      setServerErrors(errors as MbError[]);
      if (ports.length > 0) {
        setText(textOf(check.value.slice(ports.length)));
        onCreated(ports, false);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-label="New imposter">
      <div className="toolbar">
        <h2>New imposter</h2>
        <button type="button" onClick={() => setText(JSON.stringify(BLANK, null, 2))}>
          Blank
        </button>
        <label className="file">
          From a file…
          <input
            type="file"
            accept=".json,application/json"
            aria-label="Imposter file"
            onChange={(event) => void event.target.files?.[0]?.text().then(setText)}
          />
        </label>
      </div>
      <label htmlFor="imposter-json">Mountebank JSON (one imposter, or {'{ "imposters": [...] }'})</label>
      <textarea
        id="imposter-json"
        className="code"
        rows={12}
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setServerErrors([]);
          setText(event.target.value);
        }}
      />
      <Errors errors={check.ok ? serverErrors : check.errors} />
      <div className="actions">
        <button type="button" disabled={!check.ok || busy} onClick={() => void create()}>
          Create
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** What is left to create, as the form shows it: one imposter alone, several in mb's `imposters` list. */
function textOf(rest: unknown[]): string {
  return JSON.stringify(rest.length === 1 ? rest[0] : { imposters: rest }, null, 2);
}
