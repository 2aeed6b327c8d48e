/**
 * Shown when the stubs changed on the platform while there were unsaved edits here, or a save was refused
 * for that (412): the user picks the platform's stubs or theirs, knowing which change each drops.
 */
export function StaleNotice({ onShow, onSaveAnyway }: { onShow: () => void; onSaveAnyway: () => void }) {
  return (
    <output className="notice">
      The stubs changed on the platform since you started editing (a proxy recorded one, or someone saved), so
      saving here would drop that change.{" "}
      <button type="button" onClick={onShow}>
        Show them (discards your edits)
      </button>{" "}
      <button type="button" className="danger" onClick={onSaveAnyway}>
        Save mine anyway (replaces them)
      </button>
    </output>
  );
}
