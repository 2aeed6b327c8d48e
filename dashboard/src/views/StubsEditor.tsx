import { validateStubsBody } from "@mockctl/core";
import { useEffect, useMemo, useState } from "react";
import type { Api } from "../api/client.ts";
import { ApiError, type ImposterDetail, type MbError, type Stub } from "../api/types.ts";
import { Errors } from "../components/Errors.tsx";
import { VirtualList } from "../components/VirtualList.tsx";
import { describeStub } from "../summary.ts";
import { checkStub } from "../validation.ts";
import { type Draft, draftOf, edits, withText } from "./stub-drafts.ts";

interface Props {
  api: Api;
  imposter: ImposterDetail;
  onSaved: (imposter: ImposterDetail) => void;
}

/** Stubs in order with a JSON editor for the selected one; saving PUTs every stub at once (one version). */
export function StubsEditor({ api, imposter, onSaved }: Props) {
  const [drafts, setDrafts] = useState<Draft[]>(() => imposter.stubs.map(draftOf));
  const [selected, setSelected] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [saveErrors, setSaveErrors] = useState<MbError[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setDrafts(imposter.stubs.map(draftOf));
    setDirty(false);
  }, [imposter]);
  const current = drafts[selected];
  // Only the stub being edited is validated per keystroke; all of them on save.
  const check = useMemo(() => (current === undefined ? undefined : checkStub(current.text)), [current]);
  const apply = ([next, index]: [Draft[], number]) => {
    setDrafts(next);
    setSelected(Math.max(0, index));
    setDirty(true);
    setSaved(false);
  };
  const save = async () => {
    const stubs = drafts.map((draft) => draft.stub) as Stub[];
    const local = drafts.some((d) => d.stub === undefined)
      ? undefined
      : validateStubsBody({ stubs }, { allowInjection: true });
    if (local === undefined || !local.ok) {
      setSaveErrors(local?.errors ?? [{ code: "invalid JSON", message: "a stub is not valid JSON" }]);
      return;
    }
    try {
      onSaved(await api.putStubs(imposter.port, stubs));
      setSaveErrors([]);
      setSaved(true);
    } catch (error) {
      setSaveErrors(
        error instanceof ApiError ? error.errors : [{ code: "bad data", message: String(error) }],
      );
    }
  };

  return (
    <div className="split">
      <div className="pane">
        <div className="toolbar">
          <button type="button" onClick={() => apply(edits.add(drafts, selected))}>
            Add
          </button>
          <button type="button" disabled={!current} onClick={() => apply(edits.duplicate(drafts, selected))}>
            Duplicate
          </button>
          <button
            type="button"
            disabled={selected === 0}
            aria-label="Move up"
            onClick={() => apply(edits.move(drafts, selected, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={selected >= drafts.length - 1}
            aria-label="Move down"
            onClick={() => apply(edits.move(drafts, selected, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="danger"
            disabled={!current}
            onClick={() => apply(edits.remove(drafts, selected))}
          >
            Delete stub
          </button>
        </div>
        <VirtualList
          label="stubs"
          items={drafts}
          rowHeight={56}
          selected={selected}
          onSelect={setSelected}
          renderRow={(draft, index) => {
            const text =
              draft.stub === undefined ? { when: "invalid JSON", answers: "" } : describeStub(draft.stub);
            return (
              <div className="stub-row">
                <span className="index">#{index}</span>
                <span className="when" title={text.when}>
                  when {text.when}
                </span>
                <span className="then" title={text.answers}>
                  → {text.answers}
                </span>
              </div>
            );
          }}
        />
        <div className="actions">
          <button type="button" disabled={!dirty} onClick={() => void save()}>
            Save all stubs
          </button>
          <span aria-live="polite" className="muted">
            {saved ? "Saved." : dirty ? "Unsaved changes." : `${drafts.length} stubs`}
          </span>
        </div>
        <Errors errors={saveErrors} />
      </div>
      <div className="pane">
        {current === undefined ? (
          <p className="muted">No stubs: every request gets the default response. Add one.</p>
        ) : (
          <>
            <label htmlFor="stub-json">Stub #{selected} (JSON)</label>
            <textarea
              id="stub-json"
              className="code"
              rows={20}
              spellCheck={false}
              value={current.text}
              aria-invalid={check?.ok === false}
              onChange={(event) =>
                apply([
                  drafts.map((d, i) => (i === selected ? withText(d, event.target.value) : d)),
                  selected,
                ])
              }
            />
            {check?.ok ? <p className="ok">Valid stub.</p> : <Errors errors={check?.errors ?? []} />}
          </>
        )}
      </div>
    </div>
  );
}
