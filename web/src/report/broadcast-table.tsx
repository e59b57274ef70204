import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import { dimensionInfo, hasShareColumns } from '#shared/report/dimensions';
import { visibleRows } from '#shared/report/table-rows';
import { broadcastCsv, csvFileName, downloadCsv } from '../lib/csv';
import { nextSort, type SortKey, type SortState, sortRows } from '../lib/sort';
import type { VpaMode } from '../lib/vpa-mode';
import { type ColumnConfig, numericColumns } from './columns';
import { HaloIcon } from './halo-icon';
import { SortHeader } from './sort-header';
import { VirtualRows } from './virtual-rows';

/** Tables with more rows than this render only the rows in view, so 10,000 rows stay smooth. */
export const VIRTUALIZE_FROM = 100;

/** Props of a broadcast table. */
export interface BroadcastTableProps {
  dimension: string;
  rows: readonly BroadcastRow[];
  /** Current sort; `null` = natural order. */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  /** File name of the CSV download (without the dimension), e.g. the advertiser and dates. */
  csvStem?: string;
  /** VPA display mode. @default 'auto' */
  mode?: VpaMode;
  /** Show the ROI column where rows have a cost. @default true */
  showRoi?: boolean;
  /** Column keys hidden by the user's settings. @default none */
  hiddenColumns?: readonly string[];
  /** Spec §3 Filters has_spots: hide rows without airings. @default true */
  hasSpots?: boolean;
  /**
   * Drills the whole report into a row (spec §2 "rows drill in"); without it labels are plain
   * text. @default none
   */
  onDrill?: (row: BroadcastRow) => void;
  /** Whether a row can be drilled into (e.g. not already a filter). @default every row */
  canDrill?: (row: BroadcastRow) => boolean;
  /**
   * Header overrides by column key, e.g. `{ traffic: 'Store visits' }` for foot traffic.
   * @default the column config's labels
   */
  columnLabels?: Partial<Record<string, string>>;
  /** More in a row's label cell, after the label (the Creative table's Play button). @default none */
  labelExtra?: (row: BroadcastRow) => ReactNode;
}

/** An empty row standing in for the rows scrolled out of view (keeps the scroll height). */
function SpacerRow({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing focusable.
    <tr aria-hidden="true" className="spacer-row" style={{ height }} />
  );
}

/** The dimension column: the label (a "Filter by" button when drillable), halo, directional. */
function LabelCell({
  row,
  column,
  onDrill,
  extra,
}: {
  row: BroadcastRow;
  column: string;
  onDrill: ((row: BroadcastRow) => void) | null;
  extra?: ReactNode;
}) {
  return (
    <span className="label-cell">
      {onDrill ? (
        <button
          type="button"
          className="drill-button"
          title={`Filter by ${row.label}`}
          aria-label={`Filter the report by ${column.toLowerCase()} ${row.label}`}
          onClick={(event) => {
            event.stopPropagation();
            onDrill(row);
          }}
        >
          {row.label}
        </button>
      ) : (
        <span className="label-cell__text">{row.label}</span>
      )}
      {row.halo && <HaloIcon />}
      {row.directional && (
        <span className="badge badge--directional" title="Too few airings or visits to be sure">
          directional
        </span>
      )}
      {extra}
    </span>
  );
}

/**
 * One broadcast table (spec §2 "Report screens"): a dimension column and the numeric columns
 * of the VPA mode; clicking a header sorts (same header flips); clicking a row, or its label
 * button from the keyboard, drills the report into it. Sorting is done by sortRows on raw
 * values; tanstack renders the column config. Long tables are virtualized inside a scroll box
 * with a sticky header, keeping table semantics (aria-rowcount / aria-rowindex).
 */
export function BroadcastTable({
  dimension,
  rows,
  sort,
  onSortChange,
  csvStem = 'report',
  mode,
  showRoi,
  hiddenColumns,
  hasSpots = true,
  onDrill,
  canDrill,
  columnLabels,
  labelExtra,
}: BroadcastTableProps) {
  const info = dimensionInfo(dimension);
  const shown = useMemo(() => visibleRows(dimension, rows, hasSpots), [dimension, rows, hasSpots]);
  const configs = useMemo<ColumnConfig[]>(
    () => numericColumns(shown, { mode, showRoi, hidden: hiddenColumns }),
    [shown, mode, showRoi, hiddenColumns],
  );
  const columns = useMemo<ColumnDef<BroadcastRow>[]>(
    () => [
      {
        id: 'label',
        header: info.column,
        cell: (ctx) => {
          const row = ctx.row.original;
          const drill = onDrill && (canDrill?.(row) ?? true) ? onDrill : null;
          return (
            <LabelCell row={row} column={info.column} onDrill={drill} extra={labelExtra?.(row)} />
          );
        },
      },
      ...configs.map<ColumnDef<BroadcastRow>>((c) => ({
        id: c.key,
        header: columnLabels?.[c.key] ?? c.label,
        meta: c,
        cell: (ctx) => {
          const cell = c.format(ctx.row.original);
          return <span title={cell.title}>{cell.text}</span>;
        },
      })),
    ],
    [configs, info.column, onDrill, canDrill, columnLabels, labelExtra],
  );
  const sorted = useMemo(() => sortRows(shown, sort), [shown, sort]);
  const table = useReactTable({
    data: sorted,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
    manualSorting: true,
    // Stable inputs plus no auto-resets: a table state reset on every new data array would
    // re-render forever.
    autoResetAll: false,
  });
  const tableRows = table.getRowModel().rows;
  const virtual = tableRows.length > VIRTUALIZE_FROM;

  const renderRow = (row: Row<BroadcastRow>, index: number) => {
    const drillable = onDrill && (canDrill?.(row.original) ?? true);
    return (
      <tr
        key={row.id}
        aria-rowindex={index + 2}
        className={drillable ? 'row--drill' : undefined}
        onClick={drillable ? () => onDrill(row.original) : undefined}
      >
        {row.getVisibleCells().map((cell) => {
          const align = cell.column.id === 'label' || cell.column.id === 'creatives';
          return (
            <td key={cell.id} className={align ? 'cell--text' : 'cell--num'}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    );
  };

  const tableElement = (body: ReactNode) => (
    <table
      className={`data-table${virtual ? ' data-table--virtual' : ''}`}
      aria-rowcount={tableRows.length + 1}
      aria-label={`${info.tab} breakdown`}
    >
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} aria-rowindex={1}>
            {group.headers.map((header) => {
              const id = header.column.id;
              const config = header.column.columnDef.meta as ColumnConfig | undefined;
              return (
                <SortHeader
                  key={header.id}
                  label={String(header.column.columnDef.header)}
                  align={id === 'label' || config?.align === 'left' ? 'left' : 'right'}
                  direction={sort?.key === id ? sort.dir : null}
                  onSort={
                    config && !config.sortable
                      ? undefined
                      : () => onSortChange(nextSort(sort, id as SortKey))
                  }
                />
              );
            })}
          </tr>
        ))}
      </thead>
      {body}
    </table>
  );

  return (
    <div className="table-wrap">
      {shown.length > 0 && (
        <div className="table-tools">
          <span className="table-count">{shown.length.toLocaleString('en-US')} rows</span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              downloadCsv(
                csvFileName(csvStem, dimension),
                broadcastCsv(info.column, sorted, hasShareColumns(shown), columnLabels),
              )
            }
          >
            Download CSV
          </button>
        </div>
      )}
      {virtual ? (
        <VirtualRows count={tableRows.length} label={`${info.tab} rows`}>
          {(items, before, after) =>
            tableElement(
              <tbody>
                {before > 0 && <SpacerRow height={before} />}
                {items.map((item) => renderRow(tableRows[item.index]!, item.index))}
                {after > 0 && <SpacerRow height={after} />}
              </tbody>,
            )
          }
        </VirtualRows>
      ) : (
        tableElement(<tbody>{tableRows.map((row, index) => renderRow(row, index))}</tbody>)
      )}
      {shown.length === 0 && <p className="table-empty">No airings in this breakdown.</p>}
      {shown.some((r) => r.halo) && (
        <p className="table-legend">
          <HaloIcon />
          Halo daypart: its response shows up after the attribution window.
        </p>
      )}
    </div>
  );
}
