import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type ReactNode, useRef } from "react";

interface Props<T> {
  items: readonly T[];
  /** Every row's height in pixels: rows are fixed-height so 10,000 of them cost only the visible ones. */
  rowHeight: number;
  label: string;
  selected?: number | undefined;
  onSelect?: (index: number) => void;
  /** Enter on the selected row. */
  onActivate?: (index: number) => void;
  renderRow: (item: T, index: number) => ReactNode;
  className?: string;
}

/**
 * A windowed list (only the rows in view are in the DOM), keyboard-driven: arrows, Home and End move the
 * selection and keep it in view, Enter activates it. An ARIA grid of one column, not a listbox: its rows
 * hold links and buttons, which a listbox's options may not (a screen reader reads an option as one
 * string); aria-rowcount and aria-rowindex tell where a row stands among rows not in the DOM.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  label,
  selected,
  onSelect,
  onActivate,
  renderRow,
  className,
}: Props<T>) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parent.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Before layout (and in tests without one) a window of 600 px is assumed.
    initialRect: { width: 800, height: 600 },
  });
  const move = (event: KeyboardEvent) => {
    if (event.key === "Enter" && selected !== undefined) onActivate?.(selected);
    if (onSelect === undefined || items.length === 0) return;
    const current = selected ?? -1;
    const keys: Record<string, number> = {
      ArrowDown: Math.min(items.length - 1, current + 1),
      ArrowUp: Math.max(0, current - 1),
      Home: 0,
      End: items.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    virtualizer.scrollToIndex(next);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a table's rows cannot be placed absolutely, as windowing places them
    <div
      ref={parent}
      className={`virtual-list ${className ?? ""}`}
      role="grid"
      aria-label={label}
      aria-rowcount={items.length}
      tabIndex={0}
      onKeyDown={move}
      aria-activedescendant={selected === undefined ? undefined : `${label}-cell-${selected}`}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as T;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a tr cannot be placed absolutely, as windowing places rows
            <div
              key={row.key}
              role="row"
              tabIndex={-1}
              aria-rowindex={row.index + 1}
              aria-selected={row.index === selected}
              className={`row${row.index === selected ? " selected" : ""}`}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${row.start}px)`,
              }}
              onClick={() => onSelect?.(row.index)}
              onKeyDown={() => {}}
            >
              {/* biome-ignore lint/a11y/useSemanticElements: a td needs a tr, which windowing cannot use */}
              <div id={`${label}-cell-${row.index}`} role="gridcell" tabIndex={-1} className="cell">
                {renderRow(item, row.index)}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
