import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../testing/fake-api.ts";
import { ExportButton } from "./ExportButton.tsx";

const replayable = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "saved" } }] }] };
const withProxies = {
  ...replayable,
  stubs: [...replayable.stubs, { responses: [{ proxy: { to: "http://o" } }] }],
};

/** What the page handed the browser to download: each file's name and text. */
let downloads: Array<{ name: string; text: Promise<string> }>;

const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute("href") ?? "");
    downloads.push({ name: this.download, text: blob ? blob.text() : Promise.resolve("") });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe("ExportButton", () => {
  it("downloads mb's replayable form without the proxies, or with them when asked to keep them", async () => {
    const { api, calls } = fakeApi({
      "GET /imposters/4545?replayable=true&removeProxies=true": replayable,
      "GET /imposters/4545?replayable=true": withProxies,
    });
    render(<ExportButton api={api} port={4545} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export as replayable" })));
    fireEvent.click(screen.getByLabelText("keep proxies"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export as replayable" })));
    expect(calls.map((call) => call.path)).toEqual([
      "/imposters/4545?replayable=true&removeProxies=true",
      "/imposters/4545?replayable=true",
    ]);
    expect(downloads.map((file) => file.name)).toEqual(["imposter-4545.json", "imposter-4545.json"]);
    expect(JSON.parse(await downloads[0]!.text)).toEqual(replayable);
    expect(JSON.parse(await downloads[1]!.text)).toEqual(withProxies);
  });

  it("says why when the export fails", async () => {
    const { api } = fakeApi({});
    render(<ExportButton api={api} port={4545} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export as replayable" })));
    expect(screen.getByRole("alert").textContent).toContain("HTTP 404");
    expect(downloads).toEqual([]);
  });
});
