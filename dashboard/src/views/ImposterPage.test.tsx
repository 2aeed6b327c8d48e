import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "../api/client.ts";
import { sseResponse } from "../testing/sse-response.ts";
import { ImposterPage } from "./ImposterPage.tsx";

const ORIGIN = "http://origin.test";
const proxyStub = { responses: [{ proxy: { to: ORIGIN, mode: "proxyOnce" } }] };
const recordedStub = {
  predicates: [{ deepEquals: { path: "/a" } }],
  responses: [{ is: { statusCode: 200, body: "from origin", headers: {}, _proxyResponseTime: 4 } }],
};
const imposterWith = (stubs: unknown[]) => ({
  protocol: "http",
  port: 4545,
  numberOfRequests: 1,
  url: "http://platform.test/i/4545",
  stubs,
});
const request = { requestFrom: "", method: "GET", path: "/a", query: {}, headers: {}, body: "", ip: "" };
// Now, so the badge reads "just now" or a few seconds ago whenever the test runs.
const SAVED_AT = new Date().toJSON();
const live = [
  'event: hello\ndata: {"seq":0}\n\n',
  `event: request\ndata: ${JSON.stringify({ seq: 1, at: SAVED_AT, request, stubIndex: 0 })}\n\n`,
  `event: version\ndata: {"version":2}\n\n`,
  `event: stubs\ndata: ${JSON.stringify({ at: SAVED_AT, stubIndex: 0, proxyIndex: 1, count: 2 })}\n\n`,
].join("");

/** The platform: the imposter has only its proxy until the stream has told of the recording. */
function platform() {
  const reads: number[] = [];
  let streamed = false;
  const fetchImpl = async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/requests/stream")) return sseResponse('event: hello\ndata: {"seq":0}\n\n', true);
    if (url.includes("/requests/stream?since=0")) {
      streamed = true;
      return sseResponse(live, false);
    }
    reads.push(Date.now());
    const stubs = streamed ? [recordedStub, proxyStub] : [proxyStub];
    return new Response(JSON.stringify(imposterWith(stubs)), {
      headers: { "content-type": "application/json", etag: streamed ? '"2"' : '"1"' },
    });
  };
  return { api: createApi({ base: "", token: undefined }, fetchImpl as typeof fetch), reads };
}

afterEach(cleanup);

describe("ImposterPage", () => {
  it("shows a stub a proxy recorded as it arrives, marked with its proxy and time, from one refetch", async () => {
    const { api, reads } = platform();
    await act(async () => render(<ImposterPage api={api} port={4545} tab="stubs" />));
    const list = await screen.findByRole("grid", { name: "stubs" }, { timeout: 3_000 });
    const by = /recorded .*by #1 \(proxyOnce → http:\/\/origin\.test\)/;
    const badge = await within(list).findByText(by, {}, { timeout: 3_000 });
    expect(badge.textContent).toMatch(/^recorded (just now|\d+ (s|min) ago) by #1 /);
    const rows = within(list).getAllByRole("row");
    expect(rows.map((row) => row.textContent?.slice(0, 2))).toEqual(["#0", "#1"]);
    expect(rows[0]?.textContent).toContain('when deepEquals path "/a"→ is 200 "from origin"');
    expect(badge.getAttribute("title")).toMatch(/^recorded by #1 .*, saved /);
    // The selected stub (#0) says the same in the editor.
    expect(screen.getAllByText(by).map((element) => element.tagName)).toEqual(["SPAN", "P"]);
    expect(reads).toHaveLength(2); // the page's first read, and one for the recording
  });

  it("reads the stubs again when the stream tells of a new version, with no request to show it", async () => {
    let version = 3;
    const fetchImpl = async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith("/requests/stream")) return sseResponse('event: hello\ndata: {"seq":0}\n\n', true);
      if (url.includes("/requests/stream?since=0")) {
        version = 4; // changed by a test suite through the admin API while the page was open
        return sseResponse('event: hello\ndata: {"seq":0}\n\nevent: version\ndata: {"version":4}\n\n', false);
      }
      const stubs = version === 4 ? [recordedStub] : [proxyStub];
      return new Response(JSON.stringify(imposterWith(stubs)), {
        headers: { "content-type": "application/json", etag: `"${version}"` },
      });
    };
    const api = createApi({ base: "", token: undefined }, fetchImpl as typeof fetch);
    await act(async () => render(<ImposterPage api={api} port={4545} tab="stubs" />));
    const list = await screen.findByRole("grid", { name: "stubs" }, { timeout: 3_000 });
    await within(list).findByText(/deepEquals path "\/a"/, {}, { timeout: 3_000 });
    const rows = within(list).getAllByRole("row");
    expect(rows.map((row) => row.textContent?.includes("proxy http://origin.test"))).toEqual([false]);
  });

  it("keeps unsaved stub edits through a look at another tab", async () => {
    const { api } = platform();
    const { rerender } = await act(async () => render(<ImposterPage api={api} port={4545} tab="stubs" />));
    fireEvent.click(await screen.findByRole("button", { name: "Add" }, { timeout: 3_000 }));
    expect(screen.getByText("Unsaved changes.")).toBeTruthy();
    await act(async () => rerender(<ImposterPage api={api} port={4545} tab="try" />));
    expect(screen.queryByRole("grid", { name: "stubs" })).toBeNull(); // hidden, not gone
    await act(async () => rerender(<ImposterPage api={api} port={4545} tab="stubs" />));
    expect(screen.getByText("Unsaved changes.")).toBeTruthy();
    expect(within(screen.getByRole("grid", { name: "stubs" })).getAllByRole("row")).toHaveLength(2);
  });

  it("says plainly when there is no such imposter, with the way back", async () => {
    const missing = JSON.stringify({
      errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }],
    });
    const fetchImpl = async () => new Response(missing, { status: 404 });
    const api = createApi({ base: "", token: undefined }, fetchImpl as typeof fetch);
    await act(async () => render(<ImposterPage api={api} port={9999} tab="stubs" />));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No imposter 9999 on this platform: it may have been deleted, or never created.",
    );
    expect(screen.getByRole("link", { name: "← All imposters" }).getAttribute("href")).toBe("#/");
  });
});
