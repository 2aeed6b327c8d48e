import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ImposterDetail, JournalEntry, MbRequest } from "../api/types.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { Requests } from "./Requests.tsx";

const imposter = { port: 4545, recordRequests: true, stubs: [], url: "" } as unknown as ImposterDetail;
const request = (path: string) =>
  ({ method: "GET", path, query: {}, headers: {}, body: "", requestFrom: "", ip: "" }) as MbRequest;
const entries: JournalEntry[] = [
  { seq: 1, at: "2026-11-24T10:00:00.000Z", request: request("/hello"), stubIndex: 0 },
  { seq: 2, at: "2026-11-24T10:00:01.000Z", request: request("/helo"), stubIndex: null },
];
const explained = {
  stubIndex: null,
  nearMisses: [
    {
      stubIndex: 0,
      predicateIndex: 0,
      predicate: { equals: { path: "/hello" } },
      field: "path",
      operator: "equals",
      expected: "/hello",
      actual: "/helo",
    },
  ],
};

afterEach(cleanup);

describe("Requests", () => {
  it("shows which stub answered each request, and none for a miss", () => {
    const { api } = fakeApi({});
    render(<Requests api={api} imposter={imposter} journal={{ entries, source: "live" }} />);
    const rows = within(screen.getByRole("grid", { name: "requests" })).getAllByRole("row");
    expect(rows.map((row) => row.querySelector(".badge")?.textContent)).toEqual(["stub #0", "no match"]);
    expect(screen.getByText(/Journal: live/)).toBeTruthy();
  });

  it("filters the list by what the request holds, and opens the one picked from the filtered list", () => {
    const { api } = fakeApi({});
    render(<Requests api={api} imposter={imposter} journal={{ entries, source: "live" }} />);
    fireEvent.change(screen.getByRole("searchbox", { name: "Filter requests" }), {
      target: { value: '"no match"' },
    });
    const rows = within(screen.getByRole("grid", { name: "requests" })).getAllByRole("row");
    expect(rows.map((row) => row.querySelector(".path")?.textContent)).toEqual(["/helo"]);
    expect(screen.getByText("1 of 2")).toBeTruthy();
    fireEvent.click(rows[0]!);
    expect(screen.getByRole("article", { name: "Request detail" }).textContent).toContain("GET /helo");
  });

  it("says when older requests are not in the list the page loaded", () => {
    const { api } = fakeApi({});
    const later = entries.map((one) => ({ ...one, seq: one.seq + 3_500 }));
    render(<Requests api={api} imposter={imposter} journal={{ entries: later, source: "live" }} />);
    expect(screen.getByText(/Requests 1–3500 came before the newest this page loaded/)).toBeTruthy();
  });

  it("opens the near misses of a request that matched nothing, expected against actual", async () => {
    const { api, calls } = fakeApi({ "POST /imposters/4545/explain": explained });
    render(<Requests api={api} imposter={imposter} journal={{ entries, source: "live" }} />);
    const rows = within(screen.getByRole("grid", { name: "requests" })).getAllByRole("row");
    await act(async () => fireEvent.click(rows[1] as HTMLElement));
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")[1]?.textContent).toBe('#00pathequals"/hello""/helo"');
    expect(calls[0]?.body).toEqual({
      request: { method: "GET", path: "/helo", query: {}, headers: {}, body: "" },
    });
  });

  it("asks for no explanation of a request a stub answered", async () => {
    const { api, calls } = fakeApi({});
    render(<Requests api={api} imposter={imposter} journal={{ entries, source: "live" }} />);
    const rows = within(screen.getByRole("grid", { name: "requests" })).getAllByRole("row");
    await act(async () => fireEvent.click(rows[0] as HTMLElement));
    expect(screen.queryByRole("table")).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each([
    [true, 0, "Select a request to see it (none yet: send one from Try it)."],
    [
      false,
      7,
      "None kept: it has answered 7 requests, and lists them only with recordRequests on (mb's rule).",
    ],
    [
      false,
      1,
      "None kept: it has answered 1 request, and lists them only with recordRequests on (mb's rule).",
    ],
  ])("with no requests listed and recordRequests %s (%i answered), says why", (records, answered, hint) => {
    const { api } = fakeApi({});
    const shown = { ...imposter, recordRequests: records, numberOfRequests: answered } as ImposterDetail;
    render(<Requests api={api} imposter={shown} journal={{ entries: [], source: "live" }} />);
    expect(screen.getByText(hint)).toBeTruthy();
  });

  // A proxy recorded (version 4 -> 5) after the first request: its "stub #0" was the proxy, now stub #1.
  it("marks an index into the stubs as they were before the last change", () => {
    const { api } = fakeApi({});
    const versioned: JournalEntry[] = [
      { ...entries[0]!, stubIndex: 0, version: 4 },
      { ...entries[0]!, seq: 2, stubIndex: 0, version: 5 },
      { ...entries[1]!, seq: 3, version: 4 },
    ];
    const now = { ...imposter, version: 5 } as ImposterDetail;
    render(<Requests api={api} imposter={now} journal={{ entries: versioned, source: "live" }} />);
    const rows = within(screen.getByRole("grid", { name: "requests" })).getAllByRole("row");
    const badges = rows.map((row) => row.querySelector(".badge"));
    expect(badges.map((badge) => badge?.textContent)).toEqual([
      "stub #0 (earlier stubs)",
      "stub #0",
      "no match",
    ]);
    expect(badges[0]?.getAttribute("title")).toContain("changed them since");
    expect(badges[1]?.getAttribute("title")).toBeNull();
  });
});
