import type { StubsEvent } from "./api/journal.ts";
import type { Stub } from "./api/types.ts";

/** A stub a proxy recorded: which proxy stub recorded it and when, as far as the page can tell. */
export interface RecordedMark {
  /** The proxy stub's index now, undefined when no proxy stub is where mb would have put it. */
  proxyIndex: number | undefined;
  /** The proxy's `to` and mode, for the reader. */
  proxy: { to: string; mode: string } | undefined;
  /** When its newest answer was saved (ISO time): from the live stream, else the answer's Date header. */
  at: string | undefined;
  /** Answers saved in it (proxyAlways appends each new one to the same stub). */
  answers: number;
}

type StubAnswer = Stub["responses"][number];

/** A stub's responses; a stub being typed in the editor may be any JSON at all. */
function responsesOf(stub: Stub | undefined): StubAnswer[] {
  const responses: unknown = typeof stub === "object" && stub !== null ? stub.responses : undefined;
  if (!Array.isArray(responses)) return [];
  return responses.filter((r): r is StubAnswer => typeof r === "object" && r !== null);
}

/** mb marks a saved proxy answer with `is._proxyResponseTime` (proxy.js); nothing else carries it. */
const isSaved = (response: StubAnswer) => typeof response.is?._proxyResponseTime === "number";
const proxyOf = (stub: Stub | undefined) => responsesOf(stub).find((response) => response.proxy)?.proxy;
const modeOf = (stub: Stub | undefined) => {
  const mode = proxyOf(stub)?.mode;
  // mb records with any mode it does not know as proxyOnce (responseResolver.proxyAndRecord).
  return mode === "proxyAlways" || mode === "proxyTransparent" ? mode : "proxyOnce";
};

/**
 * Where mb put what a proxy recorded: proxyOnce inserts just in front of its proxy stub (so its recordings
 * run up to it), proxyAlways saves behind it. The nearest proxy stub that fits, or undefined.
 */
function recordingProxy(stubs: ReadonlyArray<Stub | undefined>, index: number): number | undefined {
  for (let i = index + 1; i < stubs.length; i++) {
    if (proxyOf(stubs[i])) return modeOf(stubs[i]) === "proxyOnce" ? i : undefined;
    if (!responsesOf(stubs[i]).some(isSaved)) break;
  }
  for (let i = index - 1; i >= 0; i--) {
    if (proxyOf(stubs[i]) && modeOf(stubs[i]) === "proxyAlways") return i;
  }
  return undefined;
}

/** The origin's `Date` header of a saved answer, as an ISO time. */
function dateOf(response: StubAnswer | undefined): string | undefined {
  const headers = (response?.is?.headers ?? {}) as Record<string, unknown>;
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === "date")?.[1];
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toJSON();
}

/**
 * The stream's recordings by the index their stub has now: a later proxyOnce recording inserts a stub
 * (its proxy ends up just behind it), which moves every stub from there on down by one.
 */
export function liveRecordings(events: StubsEvent[]): Map<number, StubsEvent> {
  let placed: StubsEvent[] = [];
  for (const event of events) {
    const at = event.stubIndex;
    const moved = (index: number) => (event.proxyIndex === at + 1 && index >= at ? index + 1 : index);
    placed = placed.map((e) => ({ ...e, stubIndex: moved(e.stubIndex), proxyIndex: moved(e.proxyIndex) }));
    placed.push(event);
  }
  return new Map(placed.map((event) => [event.stubIndex, event]));
}

/** Every recorded stub of `stubs`, by index. */
export function recordedMarks(
  stubs: ReadonlyArray<Stub | undefined>,
  events: StubsEvent[],
): Map<number, RecordedMark> {
  const live = liveRecordings(events);
  const marks = new Map<number, RecordedMark>();
  stubs.forEach((stub, index) => {
    const saved = responsesOf(stub).filter(isSaved);
    if (saved.length === 0) return;
    const event = live.get(index);
    const proxyIndex = event?.proxyIndex ?? recordingProxy(stubs, index);
    const proxy = proxyOf(proxyIndex === undefined ? undefined : stubs[proxyIndex]);
    marks.set(index, {
      proxyIndex: proxy ? proxyIndex : undefined,
      proxy: proxy ? { to: String(proxy.to), mode: modeOf(stubs[proxyIndex ?? -1]) } : undefined,
      at: event?.at ?? dateOf(saved.at(-1)),
      answers: saved.length,
    });
  });
  return marks;
}
