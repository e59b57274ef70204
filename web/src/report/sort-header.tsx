import type { SortDir } from '../lib/sort';

/** Props of a column header. */
export interface SortHeaderProps {
  label: string;
  align: 'left' | 'right';
  /** This column's sort direction, or null when the table is sorted by another column. */
  direction: SortDir | null;
  /** Sorts by this column; without it the header is plain text. @default none */
  onSort?: () => void;
}

/**
 * A `<th>` whose button sorts the table. `aria-sort` tells assistive tech the current order;
 * the button makes it reachable and usable from the keyboard. Unsortable columns (the
 * creatives breakdown) get a plain header.
 */
export function SortHeader({ label, align, direction, onSort }: SortHeaderProps) {
  const className = align === 'left' ? 'cell--text' : 'cell--num';
  if (!onSort) {
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  }
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  const arrow = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className="sort-button" onClick={onSort}>
        <span>{label}</span>
        <span className={`sort-arrow${direction ? ' sort-arrow--active' : ''}`} aria-hidden="true">
          {arrow}
        </span>
      </button>
    </th>
  );
}
