import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { RatingRow, RatingsPage } from '#shared/contracts/ratings.schema';
import styles from './ratings.module.css';
import { formatRatingInterval, intervalWords, ratingChange } from './ratings-format';

/** Props of {@link RatingsTable}. */
export interface RatingsTableProps {
  page: RatingsPage;
  subject: 'station' | 'format';
  /** What the table shows, for its caption, e.g. "Station ratings, News/Talk in New York". */
  caption: string;
  onPage: (page: number) => void;
  /** Opens a station's panel (station rows). */
  onStation?: (stationId: string) => void;
}

const num = (n: number) => n.toLocaleString('en-US');

/**
 * The ratings table (nowl_ratings): one page of rated stations (or formats in a market) with
 * the rating and its interval ("112.4 (98–130)"), the change since the previous period, and the
 * advertisers and airings behind it. Headers sort the page shown (the server pages by rating);
 * Previous / Next move through the pages. Rendered by @tanstack/react-table from its column
 * definitions; the caption names what is shown.
 */
export function RatingsTable({ page, subject, caption, onPage, onStation }: RatingsTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo<ColumnDef<RatingRow>[]>(
    () => [
      {
        id: 'rank',
        header: 'Rank',
        accessorFn: (r) => r.rank ?? Number.POSITIVE_INFINITY,
        cell: (c) => c.row.original.rank ?? '–',
        meta: { num: true },
      },
      {
        id: 'label',
        header: subject === 'station' ? 'Station' : 'Format',
        accessorFn: (r) => r.subject.label,
        cell: (c) => {
          const s = c.row.original.subject;
          return s.kind === 'station' && s.station_id && onStation ? (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => onStation(s.station_id as string)}
            >
              {s.label}
            </button>
          ) : (
            s.label
          );
        },
      },
      { id: 'market', header: 'Market', accessorFn: (r) => r.subject.market_name },
      ...(subject === 'station'
        ? [
            {
              id: 'format',
              header: 'Format',
              accessorFn: (r: RatingRow) => r.subject.format_name,
            } satisfies ColumnDef<RatingRow>,
          ]
        : []),
      { id: 'daypart', header: 'Daypart', accessorFn: (r) => r.subject.daypart_name },
      {
        id: 'rating',
        header: 'Rating (interval)',
        accessorFn: (r) => r.rating,
        cell: (c) => {
          const r = c.row.original;
          return (
            <span className={styles.nowrap} title={intervalWords(r.low, r.high, r.level)}>
              {formatRatingInterval(r.rating, r.low, r.high)}
            </span>
          );
        },
        meta: { num: true },
      },
      {
        id: 'change',
        header: 'Change',
        accessorFn: (r) =>
          r.previous_rating === null ? Number.NEGATIVE_INFINITY : r.rating - r.previous_rating,
        cell: (c) => ratingChange(c.row.original.rating, c.row.original.previous_rating) || 'new',
        meta: { num: true },
      },
      {
        id: 'advertisers',
        header: 'Advertisers',
        accessorFn: (r) => r.advertisers,
        cell: (c) => num(c.row.original.advertisers),
        meta: { num: true },
      },
      {
        id: 'airings',
        header: 'Airings',
        accessorFn: (r) => r.airings,
        cell: (c) => num(c.row.original.airings),
        meta: { num: true },
      },
    ],
    [subject, onStation],
  );
  const table = useReactTable({
    data: page.rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => `${r.subject.station_id ?? r.subject.format}:${r.subject.market}`,
    autoResetAll: false,
  });
  const pages = Math.max(1, Math.ceil(page.total / Math.max(1, page.page_size)));
  return (
    <div className={styles.tableWrap}>
      <table className="data-table">
        <caption className={styles.caption}>
          {caption} · {num(page.total)} rated, page {page.page} of {pages}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => {
                const dir = h.column.getIsSorted();
                const isNum = (h.column.columnDef.meta as { num?: boolean } | undefined)?.num;
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className={isNum ? 'cell--num' : 'cell--text'}
                    aria-sort={
                      dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined
                    }
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={h.column.getToggleSortingHandler()}
                    >
                      <span>{flexRender(h.column.columnDef.header, h.getContext())}</span>
                      <span
                        className={`sort-arrow${dir ? ' sort-arrow--active' : ''}`}
                        aria-hidden="true"
                      >
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => {
                const isNum = (cell.column.columnDef.meta as { num?: boolean } | undefined)?.num;
                return (
                  <td key={cell.id} className={isNum ? 'cell--num' : 'cell--text'}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Ratings pages">
          <button
            type="button"
            className="button button--ghost"
            disabled={page.page <= 1}
            onClick={() => onPage(page.page - 1)}
          >
            Previous page
          </button>
          <span>
            Page {page.page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page.page >= pages}
            onClick={() => onPage(page.page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
    </div>
  );
}
