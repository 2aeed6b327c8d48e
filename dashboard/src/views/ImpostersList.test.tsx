import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ImposterSummary } from "../api/types.ts";
import { ApiError } from "../api/types.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { filterImposters, ImpostersList, listError, sortImposters } from "./ImpostersList.tsx";

const recently = () => new Date(Date.now() - 12_050).toJSON();
const listed = () => [
  {
    protocol: "http",
    port: 4545,
    name: "orders",
    numberOfRequests: 3,
    url: "http://p/i/4545",
    stubCount: 2,
    lastActivity: "2026-11-20T10:00:00.000Z",
  },
  {
    protocol: "https",
    port: 4546,
    name: "users",
    numberOfRequests: 1,
    url: "http://p/i/4546",
    stubCount: 0,
    lastActivity: recently(),
  },
  {
    protocol: "http",
    port: 4547,
    numberOfRequests: 0,
    url: "http://p/i/4547",
    stubCount: 1,
    lastActivity: null,
  },
];

afterEach(cleanup);

describe("filterImposters", () => {
  const all = listed() as ImposterSummary[];
  it.each([
    ["", "", [4545, 4546, 4547]],
    ["ORD", "", [4545]],
    ["4546", "", [4546]],
    ["", "https", [4546]],
    ["orders", "https", []],
  ])("%j with protocol %j", (query, protocol, ports) => {
    expect(filterImposters(all, query, protocol).map((i) => i.port)).toEqual(ports);
  });
});

describe("sortImposters", () => {
  it("by last activity: the most recent first, never-used ones last, ties by port", () => {
    const all = [...listed(), { ...listed()[2], port: 4544 }] as ImposterSummary[];
    expect(sortImposters(all, "activity").map((i) => i.port)).toEqual([4546, 4545, 4544, 4547]);
    expect(sortImposters(all, "port")).toBe(all);
  });
});

describe("ImpostersList", () => {
  const routes = () => ({
    "GET /imposters?overview=true": { imposters: listed() },
    "DELETE /imposters/4545": {},
  });

  const rowTexts = () =>
    within(screen.getByRole("grid", { name: "imposters" }))
      .getAllByRole("row")
      .map((row) => row.textContent);

  it("lists each imposter with its stub count, request count and last activity, in one call", async () => {
    const { api, calls } = fakeApi(routes());
    await act(async () => render(<ImpostersList api={api} />));
    const rows = rowTexts();
    expect(rows[0]).toContain("4545orders");
    expect(rows[0]).toMatch(/http23\d+ d agohttp:\/\/p\/i\/4545/);
    expect(rows[1]).toContain("https0112 s ago");
    expect(rows[2]).toContain("http10never");
    expect(calls.map((call) => call.path)).toEqual(["/imposters?overview=true"]);
  });

  it("shows the exact time of the last activity on hover", async () => {
    const { api } = fakeApi(routes());
    await act(async () => render(<ImpostersList api={api} />));
    const when = screen.getByText("12 s ago");
    expect(when.getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(when.parentElement?.getAttribute("title")).toMatch(/\d/);
    expect(screen.getByText("never").getAttribute("title")).toBe("never received a request");
  });

  it("sorts by last activity when asked", async () => {
    const { api } = fakeApi(routes());
    await act(async () => render(<ImpostersList api={api} />));
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "activity" } });
    expect(rowTexts().map((row) => row?.slice(0, 4))).toEqual(["4546", "4545", "4547"]);
  });

  it("deletes only after the confirmation", async () => {
    const { api, calls } = fakeApi(routes());
    await act(async () => render(<ImpostersList api={api} />));
    fireEvent.click(screen.getByRole("button", { name: "Delete 4545" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, delete" })));
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/imposters/4545",
    ]);
  });

  it("creates from pasted Mountebank JSON, refusing what the core refuses before sending it", async () => {
    const { api, calls } = fakeApi({ ...routes(), "POST /imposters": { port: 5000 } });
    await act(async () => render(<ImpostersList api={api} />));
    fireEvent.click(screen.getByRole("button", { name: "New imposter" }));
    const text = await screen.findByLabelText(/Mountebank JSON/);
    fireEvent.change(text, { target: { value: '{"protocol":"tcp","port":5000}' } });
    expect(screen.getByRole("alert").textContent).toContain("the tcp protocol is not yet supported");
    expect((screen.getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(text, {
      target: { value: '{"imposters":[{"protocol":"http","port":5000},{"protocol":"http","port":5001}]}' },
    });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create" })));
    const posted = calls
      .filter((call) => call.method === "POST")
      .map((call) => (call.body as { port: number }).port);
    expect(posted).toEqual([5000, 5001]);
  });

  it("says which imposters a Create made, and after a refusal keeps only the rest to retry", async () => {
    const taken = { errors: [{ code: "resource conflict", message: "Port 4545 is already in use" }] };
    const { api, calls } = fakeApi({
      ...routes(),
      "POST /imposters": (call: { body: unknown }) =>
        (call.body as { port?: number }).port === 4545
          ? taken
          : { port: (call.body as { port?: number }).port ?? 54551 },
    });
    await act(async () => render(<ImpostersList api={api} />));
    fireEvent.click(screen.getByRole("button", { name: "New imposter" }));
    const text = await screen.findByLabelText(/Mountebank JSON/);
    const three = [{ protocol: "http", port: 4560 }, { protocol: "http", port: 4545 }, { protocol: "http" }];
    fireEvent.change(text, { target: { value: JSON.stringify({ imposters: three }) } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create" })));
    expect(screen.getByRole("alert").textContent).toContain("Port 4545 is already in use");
    expect(screen.getByText("4560", { selector: "a" }).getAttribute("href")).toBe("#/imposters/4560/stubs");
    expect(JSON.parse((text as HTMLTextAreaElement).value)).toEqual({ imposters: three.slice(1) });
    const lists = () => calls.filter((call) => call.path === "/imposters?overview=true").length;
    expect(lists()).toBe(2); // the list shows 4560 at once

    fireEvent.change(text, { target: { value: JSON.stringify(three[2]) } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create" })));
    expect(screen.queryByLabelText(/Mountebank JSON/)).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Created 54551.");
    expect(lists()).toBe(3);
  });

  it("asks for the list again while it is shown, so counts and new imposters appear", async () => {
    let requests = 3;
    const { api } = fakeApi({
      "GET /imposters?overview=true": () => ({
        imposters: [{ ...listed()[0], numberOfRequests: requests++ }],
      }),
    });
    await act(async () => render(<ImpostersList api={api} refreshMs={30} />));
    const first = rowTexts()[0];
    await act(() => new Promise((done) => setTimeout(done, 100)));
    expect(rowTexts()[0]).not.toBe(first);
    expect(rowTexts()[0]).toMatch(/^4545ordershttp2([4-9]|\d\d)/); // 2 stubs, requests past 3
  });
});

describe("listError", () => {
  it("says the platform did not answer, not fetch's TypeError, and passes the platform's own errors on", () => {
    expect(listError(new TypeError("Failed to fetch"))).toMatch(
      /^The platform did not answer \(is it running\?\)/,
    );
    const refused = new ApiError(401, [{ code: "unauthorized", message: "send a token" }]);
    expect(listError(refused)).toBe("send a token");
  });
});
