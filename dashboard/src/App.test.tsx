import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "./App.tsx";

/** A platform whose admin API wants x-api-key `secret` (or none, when `key` is undefined). */
function platform(key: string | undefined, revoked = () => false, scope = "admin") {
  const seen: Array<string | null> = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const given = new Headers(init?.headers).get("x-api-key");
    seen.push(given);
    if ((key !== undefined && given !== key) || revoked())
      return new Response(JSON.stringify({ errors: [{ code: "unauthorized", message: "no" }] }), {
        status: 401,
      });
    if (String(input).endsWith("/platform/workspace")) {
      const workspace = {
        id: "team",
        name: "team",
        allowInjection: false,
        createdAt: "2026-11-28T00:00:00.000Z",
      };
      const caller = { actor: "token:ci", scope };
      return Response.json({ ...workspace, adminUrl: "http://platform.test/w/team", caller });
    }
    return new Response(JSON.stringify({ imposters: [] }), { status: 200 });
  });
  return seen;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("App", () => {
  it("goes straight in when the platform has no key", async () => {
    platform(undefined);
    await act(async () => render(<App />));
    expect(screen.getByText("local platform, no token needed")).toBeTruthy();
  });

  it("asks for a token, refuses a wrong one, and sends the right one as x-api-key", async () => {
    const seen = platform("secret");
    await act(async () => render(<App />));
    const input = screen.getByLabelText("API token");
    fireEvent.change(input, { target: { value: "wrong" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByRole("alert").textContent).toBe("That token was refused.");
    fireEvent.change(input, { target: { value: "secret" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(seen.at(-1)).toBe("secret");
    expect(sessionStorage.getItem("mockctl.token")).toBe("secret");
  });

  // A revoked token left the page showing mb's 401 text and polling with 401s every 2 s.
  it("goes back to sign-in, saying why, once the platform refuses the token it took", async () => {
    let revoked = false;
    platform("secret", () => revoked);
    sessionStorage.setItem("mockctl.token", "secret");
    await act(async () => render(<App />));
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    revoked = true;
    await act(() => new Promise((done) => setTimeout(done, 5_200))); // the list's next read
    expect(screen.getByRole("alert").textContent).toContain("no longer accepts this token");
    expect(screen.getByLabelText("API token")).toBeTruthy();
    expect(sessionStorage.getItem("mockctl.token")).toBeNull();
  }, 10_000);

  // A read token used to get every write control, and learn otherwise from a 403 (or nothing, on delete).
  it.each([
    ["read", "team · read-only token", true],
    ["write", "team · write token", false],
  ])("with a %s token, says so and offers writes only when it may", async (scope, header, disabled) => {
    platform("secret", () => false, scope);
    sessionStorage.setItem("mockctl.token", "secret");
    await act(async () => render(<App />));
    expect(await screen.findByText(header)).toBeTruthy();
    const create = screen.getByRole("button", { name: "New imposter" }) as HTMLButtonElement;
    expect(create.disabled).toBe(disabled);
    expect(create.getAttribute("title")).toBe(
      disabled ? "Your token can only read: this needs write." : null,
    );
  });
});
