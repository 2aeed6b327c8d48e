import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { VirtualList } from "./VirtualList.tsx";

const items = Array.from({ length: 10_000 }, (_, index) => `stub ${index}`);

function Harness({ onActivate }: { onActivate?: (index: number) => void }) {
  const [selected, setSelected] = useState<number>();
  return (
    <VirtualList
      label="stubs"
      items={items}
      rowHeight={40}
      selected={selected}
      onSelect={setSelected}
      {...(onActivate ? { onActivate } : {})}
      renderRow={(item) => <span>{item}</span>}
    />
  );
}

afterEach(cleanup);

describe("VirtualList", () => {
  it("puts only the rows in view (and a few more) in the DOM for 10,000 items", () => {
    render(<Harness />);
    const rows = screen.getAllByRole("option");
    // 600 px of 40 px rows, plus the overscan on each side.
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.textContent).toBe("stub 0");
  });

  it("moves the selection with the keyboard, End shows the last row, Enter activates", () => {
    const activated: number[] = [];
    render(<Harness onActivate={(index) => activated.push(index)} />);
    const list = screen.getByRole("listbox", { name: "stubs" });
    fireEvent.keyDown(list, { key: "ArrowDown" });
    fireEvent.keyDown(list, { key: "ArrowDown" });
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("stub 1");
    fireEvent.keyDown(list, { key: "End" });
    fireEvent.scroll(list);
    expect(list.getAttribute("aria-activedescendant")).toBe("stubs-row-9999");
    fireEvent.keyDown(list, { key: "Enter" });
    expect(activated).toEqual([9999]);
  });
});
