import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
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
    const rows = screen.getAllByRole("row");
    // 600 px of 40 px rows, plus the overscan on each side.
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.textContent).toBe("stub 0");
  });

  it("moves the selection with the keyboard, End shows the last row, Enter activates", () => {
    const activated: number[] = [];
    render(<Harness onActivate={(index) => activated.push(index)} />);
    const list = screen.getByRole("grid", { name: "stubs" });
    fireEvent.keyDown(list, { key: "ArrowDown" });
    fireEvent.keyDown(list, { key: "ArrowDown" });
    expect(screen.getByRole("row", { selected: true }).textContent).toBe("stub 1");
    fireEvent.keyDown(list, { key: "End" });
    fireEvent.scroll(list);
    expect(list.getAttribute("aria-activedescendant")).toBe("stubs-cell-9999");
    fireEvent.keyDown(list, { key: "Enter" });
    expect(activated).toEqual([9999]);
  });

  it("is a grid whose rows say where they stand among rows not in the DOM, each holding one cell", () => {
    render(
      <VirtualList
        label="imposters"
        items={items}
        rowHeight={40}
        renderRow={(item) => <a href={`#/${item}`}>{item}</a>}
      />,
    );
    const grid = screen.getByRole("grid", { name: "imposters" });
    expect(grid.getAttribute("aria-rowcount")).toBe("10000");
    const first = screen.getAllByRole("row")[0] as HTMLElement;
    expect(first.getAttribute("aria-rowindex")).toBe("1");
    // Links and buttons sit in a gridcell, where ARIA allows them (an option may hold no interactive content).
    const cell = within(first).getByRole("gridcell");
    expect(within(cell).getByRole("link", { name: "stub 0" })).toBeTruthy();
  });
});
