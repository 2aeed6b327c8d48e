import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hrefOf, useRoute } from "./route.ts";
import { useUnsavedWarning } from "./unsaved.ts";

function Page({ dirty }: { dirty: boolean }) {
  const route = useRoute();
  useUnsavedWarning(dirty, 4545);
  return <p>{hrefOf(route)}</p>;
}

async function go(hash: string): Promise<void> {
  // As a link or Back changes it, but with one event only (setting location.hash would queue another).
  await act(async () => {
    window.history.replaceState(null, "", hash);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  });
}

/** The user's answer to "Leave with unsaved stub edits?" (the test DOM has no dialog of its own). */
function answering(leave: boolean) {
  const asked = vi.fn(() => leave);
  window.confirm = asked;
  return asked;
}

afterEach(cleanup);

describe("unsaved stub edits", () => {
  it("keep the page where it is when the user declines to leave the imposter, and let another tab open", async () => {
    window.history.replaceState(null, "", "#/imposters/4545/stubs");
    const asked = answering(false);
    render(<Page dirty={true} />);
    await go("#/imposters/4545/requests");
    expect(screen.getByText("#/imposters/4545/requests")).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
    await go("#/");
    expect(asked).toHaveBeenCalledOnce();
    expect(screen.getByText("#/imposters/4545/requests")).toBeTruthy();
    expect(window.location.hash).toBe("#/imposters/4545/requests");
  });

  it("leave when the user agrees, and never ask once saved", async () => {
    window.history.replaceState(null, "", "#/imposters/4545/stubs");
    const asked = answering(true);
    const { rerender } = render(<Page dirty={true} />);
    await go("#/imposters/4546/stubs");
    expect(screen.getByText("#/imposters/4546/stubs")).toBeTruthy();
    await go("#/imposters/4547/stubs");
    expect(asked).toHaveBeenCalledOnce();
    rerender(<Page dirty={false} />);
    await go("#/");
    expect(asked).toHaveBeenCalledOnce();
    expect(screen.getByText("#/")).toBeTruthy();
  });
});
