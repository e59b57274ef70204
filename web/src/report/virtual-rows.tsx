import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

/** Props of the virtual row window. */
export interface VirtualRowsProps {
  /** Number of body rows. */
  count: number;
  /** Accessible name of the scroll box. */
  label: string;
  /** Estimated row height in px (rows are one line high, see .data-table--virtual). @default 37 */
  rowHeight?: number;
  /** Height of the scroll box in px. @default 560 */
  height?: number;
  /**
   * Renders the table: the rows in view, and the pixel heights of the spacer rows to put
   * before and after them so the scroll bar matches the full table.
   */
  children: (items: VirtualItem[], before: number, after: number) => ReactNode;
}

/**
 * A scroll box that renders only the rows in view, plus an overscan of 10, through
 * @tanstack/react-virtual, so tables of 10,000 rows stay smooth. The table inside keeps
 * its semantics: real <table> rows, spacer rows hidden from assistive tech, and a header row
 * that sticks (CSS .table-scroll thead). The box is focusable so keyboard users can scroll it.
 */
export function VirtualRows({
  count,
  label,
  rowHeight = 37,
  height = 560,
  children,
}: VirtualRowsProps) {
  const ref = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => rowHeight,
    // The sticky header sits inside the scroll box, above the first row.
    paddingStart: rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = Math.max(0, (items[0]?.start ?? rowHeight) - rowHeight);
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? rowHeight));
  return (
    <section
      ref={ref}
      className="table-scroll"
      style={{ maxHeight: height }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label={label}
    >
      {children(items, before, after)}
    </section>
  );
}
