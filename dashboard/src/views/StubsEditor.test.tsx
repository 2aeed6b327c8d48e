import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { Api } from "../api/client.ts";
import type { ImposterDetail } from "../api/types.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { StubsEditor } from "./StubsEditor.tsx";

const imposter = {
  protocol: "http",
  port: 4545,
  numberOfRequests: 0,
  url: "http://platform.test/i/4545",
  stubs: [
    { predicates: [{ equals: { path: "/a" } }], responses: [{ is: { body: "A" } }], _links: {} },
    { predicates: [{ equals: { path: "/b" } }], responses: [{ is: { body: "B" } }] },
  ],
} as unknown as ImposterDetail;

afterEach(cleanup);

describe("StubsEditor", () => {
  it("shows the stubs in order, readable", () => {
    const { api } = fakeApi({});
    render(<StubsEditor api={api} imposter={imposter} onSaved={() => {}} />);
    const rows = screen.getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      '#0when equals path "/a"→ is 200 "A"',
      '#1when equals path "/b"→ is 200 "B"',
    ]);
  });

  it.each([
    [imposter.stubs.slice(0, 1), "1 stub"],
    [imposter.stubs, "2 stubs"],
  ])("counts the stubs in words: %#", (stubs, text) => {
    const { api } = fakeApi({});
    render(<StubsEditor api={api} imposter={{ ...imposter, stubs }} onSaved={() => {}} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("validates the stub with the core as it is typed and shows mb's message inline", () => {
    const { api } = fakeApi({});
    render(<StubsEditor api={api} imposter={imposter} onSaved={() => {}} />);
    const editor = screen.getByLabelText("Stub #0 (JSON)");
    fireEvent.change(editor, { target: { value: '{"responses":[{"is":{},"proxy":{"to":"http://x"}}]}' } });
    expect(screen.getByRole("alert").textContent).toContain(
      "each response object must have only one response type",
    );
    expect(editor.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(editor, { target: { value: "{" } });
    expect(screen.getByRole("alert").textContent).toContain("invalid JSON");
  });

  it("saves every stub in one PUT, in the new order, without the printed _links", async () => {
    const { api, calls } = fakeApi({
      "PUT /imposters/4545/stubs": (call: { body: unknown }) => ({ ...imposter, ...(call.body as object) }),
    });
    let saved: ImposterDetail | undefined;
    render(
      <StubsEditor
        api={api}
        imposter={imposter}
        onSaved={(value) => {
          saved = value;
        }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Move down" }));
    fireEvent.click(screen.getByRole("button", { name: "Duplicate" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as { stubs: Array<{ predicates: unknown; _links?: unknown }> };
    expect(body.stubs.map((stub) => JSON.stringify(stub.predicates))).toEqual([
      '[{"equals":{"path":"/b"}}]',
      '[{"equals":{"path":"/a"}}]',
      '[{"equals":{"path":"/a"}}]',
    ]);
    expect(body.stubs.some((stub) => "_links" in stub)).toBe(false);
    expect(saved?.stubs).toHaveLength(3);
  });

  it("names the stub that is not JSON on save, takes the user to it, and sends nothing", async () => {
    const { api, calls } = fakeApi({});
    render(<StubsEditor api={api} imposter={imposter} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText("Stub #0 (JSON)"), { target: { value: "{" } });
    fireEvent.click(screen.getAllByRole("row")[1] as HTMLElement);
    expect(screen.getByLabelText("Stub #1 (JSON)")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(calls).toEqual([]);
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContainEqual(
      expect.stringContaining("stub #0 is not valid JSON"),
    );
    expect(screen.getByLabelText("Stub #0 (JSON)")).toBeTruthy();
  });

  it("shows the platform's errors when it refuses the save", async () => {
    const { api } = fakeApi({
      "PUT /imposters/4545/stubs": { errors: [{ code: "bad data", message: "inject is not allowed" }] },
    });
    render(<StubsEditor api={api} imposter={imposter} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(screen.getByRole("alert").textContent).toContain("inject is not allowed");
  });

  it("keeps unsaved edits when the stubs change on the platform, and offers the new ones", () => {
    const { api } = fakeApi({});
    const { rerender } = render(<StubsEditor api={api} imposter={imposter} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText("Stub #0 (JSON)"), { target: { value: '{"responses":[]}' } });
    const recorded = { predicates: [], responses: [{ is: { body: "R", _proxyResponseTime: 1 } }] };
    const changed = { ...imposter, stubs: [recorded, ...imposter.stubs] } as unknown as ImposterDetail;
    rerender(<StubsEditor api={api} imposter={changed} onSaved={() => {}} />);
    expect(screen.getByRole("status").textContent).toContain("The stubs changed on the platform");
    expect((screen.getByLabelText("Stub #0 (JSON)") as HTMLTextAreaElement).value).toBe('{"responses":[]}');
    fireEvent.click(screen.getByRole("button", { name: "Show them (discards your edits)" }));
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getAllByRole("row")[0]?.textContent).toContain("recorded by a proxy");
  });

  it("saves against the version it was made from: a recording in between is never dropped unasked", async () => {
    const stale = {
      errors: [{ code: "precondition failed", message: "the imposter changed since version 3" }],
    };
    const { api, calls } = fakeApi({
      "PUT /imposters/4545/stubs": (call: { ifMatch?: string }) =>
        call.ifMatch === undefined
          ? new Response(JSON.stringify({ ...imposter, stubs: [] }), { headers: { etag: '"5"' } })
          : new Response(JSON.stringify(stale), { status: 412 }),
    });
    let saved: ImposterDetail | undefined;
    const onSaved = (value: ImposterDetail) => {
      saved = value;
    };
    const { rerender } = render(
      <StubsEditor api={api} imposter={{ ...imposter, version: 3 }} onSaved={onSaved} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    // The page fetched the imposter again after a proxy recorded (version 4); the drafts are still version 3's.
    const recorded = { predicates: [], responses: [{ is: { body: "R" } }] };
    rerender(
      <StubsEditor
        api={api}
        imposter={
          { ...imposter, stubs: [recorded, ...imposter.stubs], version: 4 } as unknown as ImposterDetail
        }
        onSaved={onSaved}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(calls.map((call) => call.ifMatch)).toEqual(['"3"']);
    expect(saved).toBeUndefined();
    expect(screen.getByRole("status").textContent).toContain("saving here would drop that change");
    expect(screen.getByText("Unsaved changes.")).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Save mine anyway (replaces them)" })),
    );
    expect(calls.map((call) => call.ifMatch)).toEqual(['"3"', undefined]);
    expect(saved?.version).toBe(5);
  });

  it("sends the version of the stubs it shows once they are taken from the platform", async () => {
    const { api, calls } = fakeApi({
      "PUT /imposters/4545/stubs": () => new Response(JSON.stringify(imposter), { headers: { etag: '"8"' } }),
    });
    const { rerender } = render(
      <StubsEditor api={api} imposter={{ ...imposter, version: 6 }} onSaved={() => {}} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    rerender(<StubsEditor api={api} imposter={{ ...imposter, version: 7 }} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Show them (discards your edits)" }));
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(calls.map((call) => call.ifMatch)).toEqual(['"7"']);
  });

  it("shows the platform's stubs after a refused save, so the next save goes through", async () => {
    const platform = {
      ...imposter,
      stubs: [...imposter.stubs, { responses: [{ is: { body: "added by CI" } }] }],
      version: 4,
    };
    const { api, calls } = fakeApi({
      "PUT /imposters/4545/stubs": (call: { ifMatch?: string }) =>
        call.ifMatch === '"4"'
          ? new Response(JSON.stringify({ ...platform, version: 5 }), { headers: { etag: '"5"' } })
          : new Response(JSON.stringify({ errors: [{ code: "precondition failed", message: "changed" }] }), {
              status: 412,
            }),
      "GET /imposters/4545": () => new Response(JSON.stringify(platform), { headers: { etag: '"4"' } }),
    });
    // The page keeps the imposter a save or a reload gives it, as ImposterPage does.
    function Page({ client }: { client: Api }) {
      const [shown, setShown] = useState<ImposterDetail>({ ...imposter, version: 3 });
      return <StubsEditor api={client} imposter={shown} onSaved={setShown} />;
    }
    render(<Page client={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(screen.getByRole("status").textContent).toContain("saving here would drop that change");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Show them (discards your edits)" })),
    );
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save all stubs" })));
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.ifMatch)).toEqual(['"3"', '"4"']);
    expect(screen.getByText("Saved.")).toBeTruthy();
  });
});
