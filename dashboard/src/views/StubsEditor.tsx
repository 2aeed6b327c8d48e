import { validateStubsBody } from "@mockctl/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useWriteControl } from "../access.ts";
import type { Api } from "../api/client.ts";
import type { StubsEvent } from "../api/journal.ts";
import { ApiError, type ImposterDetail, type MbError, type Stub } from "../api/types.ts";
import { Errors } from "../components/Errors.tsx";
import { VirtualList } from "../components/VirtualList.tsx";
import { pluralize } from "../plural.ts";
import { recordedMarks } from "../recorded.ts";
import { useNow } from "../time-ago.ts";
import { useUnsavedWarning } from "../unsaved.ts";
import { checkStub } from "../validation.ts";
import { StaleNotice } from "./StaleNotice.tsx";
import { recordedSentence, StubRow } from "./StubRow.tsx";
import { type Draft, draftOf, edits, withText } from "./stub-drafts.ts";

interface Props {
  api: Api;
  imposter: ImposterDetail;
  onSaved: (imposter: ImposterDetail) => void;
  /** What proxies recorded while the page listened (the journal stream's `stubs` events). */
  recordings?: StubsEvent[];
}

/** Stubs in order with a JSON editor for the selected one; saving PUTs every stub at once (one version). */
export function StubsEditor({ api, imposter, onSaved, recordings = [] }: Props) {
  const [drafts, setDrafts] = useState<Draft[]>(() => imposter.stubs.map(draftOf));
  const [selected, setSelected] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [saveErrors, setSaveErrors] = useState<MbError[]>([]);
  const [saved, setSaved] = useState(false);
  // The stubs changed on the platform (a proxy recorded one) while there were unsaved edits here.
  const [stale, setStale] = useState(false);
  // The version the drafts were made from: a save applies only to it (If-Match), so what a proxy recorded
  // since is never overwritten unless asked to.
  const [base, setBase] = useState(imposter.version);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const reset = () => {
    setDrafts(imposter.stubs.map(draftOf));
    setBase(imposter.version);
    setDirty(false);
    setStale(false);
  };
  useUnsavedWarning(dirty);
  const write = useWriteControl();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new imposter value only
  useEffect(() => (dirtyNow.current ? setStale(true) : reset()), [imposter]);
  const now = useNow();
  const marks = useMemo(
    () =>
      recordedMarks(
        drafts.map((draft) => draft.stub),
        recordings,
      ),
    [drafts, recordings],
  );
  const current = drafts[selected];
  const currentMark = marks.get(selected);
  // Only the stub being edited is validated per keystroke; all of them on save.
  const check = useMemo(() => (current === undefined ? undefined : checkStub(current.text)), [current]);
  const apply = ([next, index]: [Draft[], number]) => {
    setDrafts(next);
    setSelected(Math.max(0, index));
    setDirty(true);
    setSaved(false);
  };
  /** `anyway`: the user chose to replace whatever the platform holds now. */
  const save = async (anyway = false) => {
    const broken = drafts.flatMap((draft, index) => (draft.stub === undefined ? [index] : []));
    if (broken[0] !== undefined) {
      // The list shows only the selected stub's text: take the user to the first one to fix.
      setSelected(broken[0]);
      setSaveErrors(
        broken.map((index) => ({ code: "invalid JSON", message: `stub #${index} is not valid JSON` })),
      );
      return;
    }
    const stubs = drafts.map((draft) => draft.stub) as Stub[];
    const local = validateStubsBody({ stubs }, { allowInjection: true });
    if (!local.ok) {
      setSaveErrors(local.errors);
      return;
    }
    try {
      const answer = await api.putStubs(imposter.port, stubs, anyway ? undefined : base);
      setDirty(false); // before the new imposter arrives, so it is not taken for a change made elsewhere
      onSaved(answer);
      setSaveErrors([]);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true); // not saved: the notice offers the platform's stubs or saving over them
        setSaveErrors([]);
        return;
      }
      setSaveErrors(
        error instanceof ApiError ? error.errors : [{ code: "bad data", message: String(error) }],
      );
    }
  };

  return (
    <div className="split">
      <div className="pane">
        <div className="toolbar">
          <button type="button" onClick={() => apply(edits.add(drafts, selected))} {...write}>
            Add
          </button>
          <button
            type="button"
            title={write.title}
            disabled={write.disabled || !current}
            onClick={() => apply(edits.duplicate(drafts, selected))}
          >
            Duplicate
          </button>
          <button
            type="button"
            disabled={write.disabled || selected === 0}
            aria-label="Move up"
            onClick={() => apply(edits.move(drafts, selected, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={write.disabled || selected >= drafts.length - 1}
            aria-label="Move down"
            onClick={() => apply(edits.move(drafts, selected, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="danger"
            title={write.title}
            disabled={write.disabled || !current}
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
          renderRow={(draft, index) => (
            <StubRow draft={draft} index={index} mark={marks.get(index)} now={now} />
          )}
        />
        {stale ? <StaleNotice onShow={reset} onSaveAnyway={() => void save(true)} /> : null}
        <div className="actions">
          <button
            type="button"
            title={write.title}
            disabled={write.disabled || !dirty}
            onClick={() => void save()}
          >
            Save all stubs
          </button>
          <span aria-live="polite" className="muted">
            {saved ? "Saved." : dirty ? "Unsaved changes." : pluralize(drafts.length, "stub")}
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
            {currentMark ? <p className="muted">{recordedSentence(currentMark)}.</p> : null}
            <textarea
              id="stub-json"
              className="code"
              rows={20}
              spellCheck={false}
              readOnly={write.disabled}
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
