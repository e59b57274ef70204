import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { BroadcastRow } from '../../../layers/shared/contracts/report.schema';
import { broadcastCsv, csvFileName, downloadCsv } from '../lib/csv';
import { dimensionInfo, hasShareColumns } from '../lib/dimensions';
import { nextSort, type SortKey, type SortState, sortRows } from '../lib/sort';
import { type ColumnConfig, numericColumns } from './columns';
import { HaloIcon } from './halo-icon';
import { SortHeader } from './sort-header';

/** Rows shown before "Show all". */
export const COLLAPSED_ROWS = 25;

/** Props of a broadcast table. */
export interface BroadcastTableProps {
  dimension: string;
  rows: readonly BroadcastRow[];
  /** Current sort; `null` = natural order. */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  /** File name of the CSV download (without the dimension), e.g. the advertiser and dates. */
  csvStem?: string;
}

/** The dimension column: the label, a halo icon on halo dayparts, a directional badge. */
function LabelCell({ row }: { row: BroadcastRow }) {
  return (
    <span className="label-cell">
      <span className="label-cell__text">{row.label}</span>
      {row.halo && <HaloIcon />}
      {row.directional && (
        <span className="badge badge--directional" title="Too few airings or visits to be sure">
          directional
        </span>
      )}
    </span>
  );
}

/**
 * One broadcast table (spec §2 "Report screens"): a dimension column and the numeric columns;
 * clicking a header sorts (same header flips). Sorting is done by sortRows on raw values;
 * tanstack renders the column config.
 */
export function BroadcastTable({
  dimension,
  rows,
  sort,
  onSortChange,
  csvStem = 'report',
}: BroadcastTableProps) {
  const [expanded, setExpanded] = useState(false);
  const info = dimensionInfo(dimension);
  const withShares = hasShareColumns(rows);
  const configs = useMemo<ColumnConfig[]>(() => numericColumns(withShares), [withShares]);
  const columns = useMemo<ColumnDef<BroadcastRow>[]>(
    () => [
      {
        id: 'label',
        header: info.column,
        cell: (ctx) => <LabelCell row={ctx.row.original} />,
      },
      ...configs.map<ColumnDef<BroadcastRow>>((c) => ({
        id: c.key,
        header: c.label,
        cell: (ctx) => {
          const cell = c.format(ctx.row.original);
          return <span title={cell.title}>{cell.text}</span>;
        },
      })),
    ],
    [configs, info.column],
  );
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useMemo(
    () => (expanded ? sorted : sorted.slice(0, COLLAPSED_ROWS)),
    [expanded, sorted],
  );
  const table = useReactTable({
    data: shown,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
    manualSorting: true,
    // Stable inputs plus no auto-resets: a table state reset on every new data array would
    // re-render forever.
    autoResetAll: false,
  });

  return (
    <div className="table-wrap">
      {rows.length > 0 && (
        <div className="table-tools">
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              downloadCsv(
                csvFileName(csvStem, dimension),
                broadcastCsv(info.column, sorted, withShares),
              )
            }
          >
            Download CSV
          </button>
        </div>
      )}
      <table className="data-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortHeader
                  key={header.id}
                  label={String(header.column.columnDef.header)}
                  align={header.column.id === 'label' ? 'left' : 'right'}
                  direction={sort?.key === header.column.id ? sort.dir : null}
                  onSort={() => onSortChange(nextSort(sort, header.column.id as SortKey))}
                />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cell.column.id === 'label' ? 'cell--text' : 'cell--num'}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length > COLLAPSED_ROWS && (
        <button
          type="button"
          className="button button--ghost table-more"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show fewer' : `Show all ${sorted.length} rows`}
        </button>
      )}
      {rows.length === 0 && <p className="table-empty">No airings in this breakdown.</p>}
      {rows.some((r) => r.halo) && (
        <p className="table-legend">
          <HaloIcon />
          Halo daypart: its response shows up after the attribution window.
        </p>
      )}
    </div>
  );
}
