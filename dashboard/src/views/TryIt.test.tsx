import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImposterDetail } from "../api/types.ts";
import { type Call, fakeApi } from "../testing/fake-api.ts";
import { TryIt } from "./TryIt.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const imposter = { port: 4545, url: "http://imposter.test/i/4545" } as unknown as ImposterDetail;

function setUp() {
  const sent: { url: string; headers: Headers }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, headers: new Headers(init.headers) });
    return new Response("hello", { status: 200 });
  });
  const { api, calls } = fakeApi({
    "POST /imposters/4545/explain": (call: Call) => {
      const headers = (call.body as { request: { headers: Record<string, unknown> } }).request.headers;
      return { stubIndex: headers["x-id"] === "7" ? 1 : null, nearMisses: [] };
    },
  });
  render(<TryIt api={api} imposter={imposter} />);
  const send = (headers: string) => {
    fireEvent.change(screen.getByLabelText("Headers (JSON)"), { target: { value: headers } });
    return act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
  };
  return { sent, calls, send };
}

describe("TryIt", () => {
  it("says what is wrong with the headers and sends nothing", async () => {
    const { sent, calls, send } = setUp();
    await send('{"x-id": ');
    expect(screen.getByRole("alert").textContent).toContain("Headers are not valid JSON");
    await send('["x-id"]');
    expect(screen.getByRole("alert").textContent).toContain("must be a JSON object");
    expect([sent, calls]).toEqual([[], []]);
  });

  it("sends a number as a header's text, and names the stub explain finds for it", async () => {
    const { sent, send } = setUp();
    await send('{"x-id": 7}');
    expect(sent[0]?.headers.get("x-id")).toBe("7");
    expect(screen.getByRole("heading").textContent).toContain("matched stub #1");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names the URL when the request is not answered", async () => {
    const { send } = setUp();
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await send("{}");
    expect(screen.getByRole("alert").textContent).toBe(
      "The request to http://imposter.test/i/4545/ was not answered: Failed to fetch.",
    );
  });
});
