import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ImposterSummary } from "../api/types.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { filterImposters, ImpostersList } from "./ImpostersList.tsx";

const listed = [
  { protocol: "http", port: 4545, name: "orders", numberOfRequests: 3, url: "http://p/i/4545" },
  { protocol: "https", port: 4546, name: "users", numberOfRequests: 0, url: "http://p/i/4546" },
];
const replayable = [{ port: 4545, stubs: [{}, {}] }, { port: 4546 }];

afterEach(cleanup);

describe("filterImposters", () => {
  const all = listed.map((imposter) => ({ ...imposter, stubCount: 0 })) as ImposterSummary[];
  it.each([
    ["", "", [4545, 4546]],
    ["ORD", "", [4545]],
    ["4546", "", [4546]],
    ["", "https", [4546]],
    ["orders", "https", []],
  ])("%j with protocol %j", (query, protocol, ports) => {
    expect(filterImposters(all, query, protocol).map((i) => i.port)).toEqual(ports);
  });
});

describe("ImpostersList", () => {
  const routes = () => ({
    "GET /imposters": { imposters: listed },
    "GET /imposters?replayable=true": { imposters: replayable },
    "DELETE /imposters/4545": {},
  });

  it("lists each imposter with its stub count from the replayable form and its request count", async () => {
    const { api } = fakeApi(routes());
    await act(async () => render(<ImpostersList api={api} />));
    const list = screen.getByRole("listbox", { name: "imposters" });
    const rows = within(list)
      .getAllByRole("option")
      .map((row) => row.textContent);
    expect(rows[0]).toContain("4545orders");
    expect(rows[0]).toContain("http23http://p/i/4545");
    expect(rows[1]).toContain("https00");
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
});
