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
 * A windowed list (only the rows in view are in the DOM), keyboard-driven as a listbox: arrows, Home and
 * End move the selection and keep it in view, Enter activates it.
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
    <div
      ref={parent}
      className={`virtual-list ${className ?? ""}`}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      onKeyDown={move}
      aria-activedescendant={selected === undefined ? undefined : `${label}-row-${selected}`}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as T;
          return (
            <div
              key={row.key}
              id={`${label}-row-${row.index}`}
              role="option"
              tabIndex={-1}
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
              {renderRow(item, row.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
