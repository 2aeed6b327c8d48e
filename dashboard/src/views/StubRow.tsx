import type { RecordedMark } from "../recorded.ts";
import { describeStub } from "../summary.ts";
import { exactTime, timeAgo } from "../time-ago.ts";
import type { Draft } from "./stub-drafts.ts";

/** "by #2 (proxyOnce → http://origin)", or "by a proxy" when no proxy stub is where mb puts its recordings. */
function byWhom(mark: RecordedMark): string {
  const by = mark.proxy ? `#${mark.proxyIndex} (${mark.proxy.mode} → ${mark.proxy.to})` : "a proxy";
  return `by ${by}${mark.answers > 1 ? `, ${mark.answers} answers` : ""}`;
}

/** The badge: when first, so a narrow screen cuts the proxy's URL, not the time. */
export function recordedBadge(mark: RecordedMark, now: number): string {
  return `recorded ${mark.at ? `${timeAgo(mark.at, now)} ` : ""}${byWhom(mark)}`;
}

/** The full sentence, for a tooltip and the editor: who recorded it and exactly when. */
export function recordedSentence(mark: RecordedMark): string {
  return `recorded ${byWhom(mark)}${mark.at ? `, saved ${exactTime(mark.at)}` : ""}`;
}

/** One stub in the list: its index (and, when a proxy recorded it, by which and when), predicates, answers. */
export function StubRow({
  draft,
  index,
  mark,
  now,
}: {
  draft: Draft;
  index: number;
  mark?: RecordedMark;
  now: number;
}) {
  const text =
    typeof draft.stub !== "object" || draft.stub === null
      ? { when: draft.stub === undefined ? "invalid JSON" : "not a stub", answers: "" }
      : describeStub(draft.stub);
  return (
    <div className="stub-row">
      <span className="index">
        #{index}
        {mark ? (
          <span className="badge recorded" title={recordedSentence(mark)}>
            {recordedBadge(mark, now)}
          </span>
        ) : null}
      </span>
      <span className="when" title={text.when}>
        when {text.when}
      </span>
      <span className="then" title={text.answers}>
        → {text.answers}
      </span>
    </div>
  );
}
