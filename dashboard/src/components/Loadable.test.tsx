import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loadable } from "./Loadable.tsx";

afterEach(cleanup);

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe("loadable", () => {
  it("shows its view once fetched, with the props given", async () => {
    const View = loadable(async () => Hello, "greeting");
    render(<View name="ada" />);
    expect(screen.getByText("Loading greeting…")).toBeTruthy();
    expect(await screen.findByText("hello ada")).toBeTruthy();
  });

  it("shows a failed fetch in place, not a white page, and fetches again when asked", async () => {
    let fails = true;
    const View = loadable(async () => {
      if (fails) throw new TypeError("Failed to fetch dynamically imported module");
      return Hello;
    }, "editor");
    render(
      <main>
        <h1>imposter 4545</h1>
        <View name="again" />
      </main>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the editor");
    expect(screen.getByText("imposter 4545")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    fails = false;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    expect(await screen.findByText("hello again")).toBeTruthy();
  });
});
