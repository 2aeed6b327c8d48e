import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../testing/fake-api.ts";
import { DeleteButton } from "./DeleteButton.tsx";

afterEach(cleanup);

const READ_ONLY = "DELETE /imposters/4545 needs a token with the write scope";

describe("DeleteButton", () => {
  it("asks first, with the focus on keeping, then deletes", async () => {
    const { api, calls } = fakeApi({ "DELETE /imposters/4545": {} });
    let deleted = 0;
    render(<DeleteButton api={api} port={4545} onDeleted={() => deleted++} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete 4545" }));
    expect(document.activeElement?.textContent).toBe("Keep");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, delete" })));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /imposters/4545"]);
    expect(deleted).toBe(1);
  });

  it("says why when the platform refuses, and deletes nothing", async () => {
    const refused = new Response(
      JSON.stringify({ errors: [{ code: "insufficient access", message: READ_ONLY }] }),
      {
        status: 403,
      },
    );
    const { api } = fakeApi({ "DELETE /imposters/4545": () => refused });
    let deleted = 0;
    render(<DeleteButton api={api} port={4545} onDeleted={() => deleted++} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete 4545" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, delete" })));
    expect(screen.getByRole("alert").textContent).toBe(`Not deleted: ${READ_ONLY}`);
    expect(deleted).toBe(0);
    expect(document.activeElement?.textContent).toBe("OK");
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Delete 4545" })).toBeTruthy();
  });
});
