import { describe, expect, it } from "vitest";
import type { JournalEntry, MbRequest } from "../api/types.ts";
import { trafficSeries } from "./traffic-series.ts";

const entry = (at: string, stubIndex: number | null | undefined): JournalEntry => ({
  seq: 1,
  at,
  request: { method: "GET", path: "/" } as MbRequest,
  stubIndex,
});

describe("trafficSeries", () => {
  it("counts per minute with the empty minutes between, and per stub with misses apart", () => {
    const series = trafficSeries(
      [
        entry("2026-11-24T10:00:05Z", 0),
        entry("2026-11-24T10:00:50Z", 1),
        entry("2026-11-24T10:02:01Z", null),
        entry("2026-11-24T10:02:30Z", 1),
      ],
      2,
    );
    expect(series.minutes).toEqual(["10:00", "10:01", "10:02"]);
    expect(series.perMinute).toEqual([2, 0, 2]);
    expect(series.stubLabels).toEqual(["#0", "#1", "no match"]);
    expect(series.stubHits).toEqual([1, 2, 1]);
  });

  it("puts requests whose stub is not known (the polling fallback) in their own bar", () => {
    const series = trafficSeries([entry("2026-11-24T10:00:05Z", undefined)], 1);
    expect(series.stubLabels).toEqual(["#0", "no match", "unknown"]);
    expect(series.stubHits).toEqual([0, 0, 1]);
  });

  it("does not count a hit of the stubs before the last change as today's stub of that index", () => {
    const series = trafficSeries(
      [
        { ...entry("2026-11-24T10:00:05Z", 0), version: 4 },
        { ...entry("2026-11-24T10:00:06Z", 0), version: 5 },
        entry("2026-11-24T10:00:07Z", 1),
      ],
      2,
      5,
    );
    expect(series.stubLabels).toEqual(["#0", "#1", "no match", "earlier stubs"]);
    expect(series.stubHits).toEqual([1, 1, 0, 1]);
  });

  it("is empty without requests", () => {
    expect(trafficSeries([], 0)).toEqual({
      minutes: [],
      perMinute: [],
      stubLabels: ["no match"],
      stubHits: [0],
    });
  });
});
