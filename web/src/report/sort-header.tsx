import type { SortDir } from '../lib/sort';

/** Props of a sortable column header. */
export interface SortHeaderProps {
  label: string;
  align: 'left' | 'right';
  /** This column's sort direction, or null when the table is sorted by another column. */
  direction: SortDir | null;
  onSort: () => void;
}

/**
 * A `<th>` whose button sorts the table. `aria-sort` tells assistive tech the current order;
 * the button makes it reachable and usable from the keyboard.
 */
export function SortHeader({ label, align, direction, onSort }: SortHeaderProps) {
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  const arrow = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <th scope="col" aria-sort={ariaSort} className={align === 'left' ? 'cell--text' : 'cell--num'}>
      <button type="button" className="sort-button" onClick={onSort}>
        <span>{label}</span>
        <span className={`sort-arrow${direction ? ' sort-arrow--active' : ''}`} aria-hidden="true">
          {arrow}
        </span>
      </button>
    </th>
  );
}
