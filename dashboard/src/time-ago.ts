import { useEffect, useState } from "react";

const UNITS: Array<[limit: number, size: number, unit: string]> = [
  [60, 1, "s"],
  [3_600, 60, "min"],
  [86_400, 3_600, "h"],
  [Number.POSITIVE_INFINITY, 86_400, "d"],
];

/**
 * A time as how long ago it was, in the largest whole unit: "12 s ago", "3 min ago", "2 h ago", "5 d ago";
 * "never" for none. A time a little ahead of `now` (another machine's clock) reads "just now".
 */
export function timeAgo(at: string | null | undefined, now: number): string {
  if (at === null || at === undefined) return "never";
  const then = Date.parse(at);
  if (Number.isNaN(then)) return "unknown";
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 1) return "just now";
  for (const [limit, size, unit] of UNITS) {
    if (seconds < limit) return `${Math.floor(seconds / size)} ${unit} ago`;
  }
  return "long ago";
}

/** The exact time, for a tooltip: the browser's locale, with seconds and the time zone. */
export function exactTime(at: string | null | undefined): string {
  if (at === null || at === undefined) return "never received a request";
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString(undefined, { timeZoneName: "short" });
}

/** The current time, moved on every `everyMs` so relative times stay true while the page is open. */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
