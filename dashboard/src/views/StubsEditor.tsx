import { useEffect, useMemo, useRef, useState } from "react";
import { useWriteControl } from "../access.ts";
import type { Api } from "../api/client.ts";
import type { StubsEvent } from "../api/journal.ts";
import { ApiError, type ImposterDetail, type MbError } from "../api/types.ts";
import { Errors } from "../components/Errors.tsx";
import { VirtualList } from "../components/VirtualList.tsx";
import { pluralize } from "../plural.ts";
import { recordedMarks } from "../recorded.ts";
import { useNow } from "../time-ago.ts";
import { useUnsavedWarning } from "../unsaved.ts";
import { checkStub } from "../validation.ts";
import { StaleNotice } from "./StaleNotice.tsx";
import { recordedSentence, StubRow } from "./StubRow.tsx";
import { type Draft, draftOf, edits, errorsOf, stubsToSave, withText } from "./stub-drafts.ts";

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
  const [saving, setSaving] = useState(false);
  // The last save was refused (412): the page's imposter is then older than the platform's.
  const [refused, setRefused] = useState(false);
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
    setRefused(false);
  };
  /**
   * The platform's stubs now, in place of the edits. After a refused save (412) the page's imposter is the
   * one the edits started from: resetting to it showed the old stubs again, and every save was refused.
   */
  const showCurrent = async () => {
    if (!refused) return reset();
    try {
      const current = await api.getImposter(imposter.port);
      dirtyNow.current = false; // the new imposter is then taken as the base, not as a change made elsewhere
      setDirty(false);
      if (current.version === imposter.version) reset();
      else onSaved(current);
      setSaveErrors([]);
    } catch (error) {
      setSaveErrors(errorsOf(error, "could not read the stubs"));
    }
  };
  useUnsavedWarning(dirty, imposter.port);
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
    if (saving) return;
    const checked = stubsToSave(drafts);
    if (!checked.ok) {
      if (checked.first !== undefined) setSelected(checked.first);
      setSaveErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const answer = await api.putStubs(imposter.port, checked.stubs, anyway ? undefined : base);
      setDirty(false); // before the new imposter arrives, so it is not taken for a change made elsewhere
      onSaved(answer);
      setSaveErrors([]);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true); // not saved: the notice offers the platform's stubs or saving over them
        setRefused(true);
        setSaveErrors([]);
        return;
      }
      setSaveErrors(errorsOf(error, "could not save"));
    } finally {
      setSaving(false);
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
        {stale ? (
          <StaleNotice onShow={() => void showCurrent()} onSaveAnyway={() => void save(true)} />
        ) : null}
        <div className="actions">
          <button
            type="button"
            title={write.title}
            disabled={write.disabled || !dirty || saving}
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
