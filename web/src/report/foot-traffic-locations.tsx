import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { FootTrafficLocation } from '#shared/contracts/report.schema';
import { floorAtZero, formatPercent } from '#shared/format';
import { useRegions } from '../auth/use-lookups';
import { SortHeader } from './sort-header';

/** A DMA as shown: its market name when the regions lookup has it, else the code. */
function dmaText(code: string, names: ReadonlyMap<string, string>): string {
  if (!code) return 'Unknown';
  return names.get(code) ?? code;
}

/** Columns whose first click sorts ascending (text); numbers start descending. */
const TEXT_COLUMNS = new Set(['location', 'dma']);

/** A location row with its market as shown. */
type LocationRow = FootTrafficLocation & { market: string };

/**
 * The Locations tab: store visits per location (its nickname where the client set one, with the
 * store id) with its DMA (market name from the `regions`
 * route when it answers, else the code), visits and share with a proportional bar (relative to
 * the largest share; decorative, the number is the figure). Headers sort; opens by visits
 * descending.
 */
export function LocationsTable({ locations }: { locations: readonly FootTrafficLocation[] }) {
  const regions = useRegions();
  const names = useMemo(
    () =>
      new Map(regions.status === 'ready' ? regions.items.map((r) => [r.id, r.name] as const) : []),
    [regions],
  );
  const maxShare = Math.max(0, ...locations.map((l) => l.share));
  const columns = useMemo<ColumnDef<LocationRow>[]>(
    () => [
      {
        id: 'location',
        header: 'Location',
        // The client's nickname for the store where it set one (the store id stays beside it).
        accessorFn: (l) => l.nickname ?? l.location_id,
        cell: (ctx) => {
          const l = ctx.row.original;
          return l.nickname ? (
            <>
              {l.nickname} <span className="cell__sub">({l.location_id})</span>
            </>
          ) : (
            l.location_id
          );
        },
      },
      { id: 'dma', header: 'DMA', accessorFn: (l) => l.market },
      {
        id: 'visits',
        header: 'Store visits',
        accessorFn: (l) => l.visits,
        cell: (ctx) => Math.round(ctx.row.original.visits).toLocaleString('en-US'),
      },
      {
        id: 'share',
        header: 'Share',
        accessorFn: (l) => l.share,
        cell: (ctx) => {
          const share = ctx.row.original.share;
          const width = maxShare > 0 ? (floorAtZero(share) / maxShare) * 100 : 0;
          return (
            <span className="share-cell" title={`${(share * 100).toFixed(2)}%`}>
              <span className="share-cell__track" aria-hidden="true">
                <span className="share-cell__bar" style={{ width: `${width}%` }} />
              </span>
              <span className="share-cell__text">{formatPercent(floorAtZero(share))}</span>
            </span>
          );
        },
      },
    ],
    [maxShare],
  );
  const [sorting, setSorting] = useState<SortingState>([{ id: 'visits', desc: true }]);
  // The market name is part of the row: the table caches cell values per row, so names arriving
  // after the first render must come in as new data.
  const data = useMemo(
    () => locations.map((l) => ({ ...l, market: dmaText(l.dma_code, names) })),
    [locations, names],
  );
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (l) => l.location_id,
  });
  if (locations.length === 0) return <p className="table-empty">No store locations reported.</p>;
  const current = sorting[0];
  return (
    <div className="table-wrap">
      <div className="table-tools">
        <span className="table-count">{locations.length.toLocaleString('en-US')} locations</span>
      </div>
      <div className="table-scroll foot-traffic__locations">
        <table className="data-table" aria-label="Store visits by location">
          <thead>
            <tr>
              {table.getFlatHeaders().map((header) => {
                const id = header.column.id;
                const text = TEXT_COLUMNS.has(id);
                return (
                  <SortHeader
                    key={header.id}
                    label={String(header.column.columnDef.header)}
                    align={text ? 'left' : 'right'}
                    direction={current?.id === id ? (current.desc ? 'desc' : 'asc') : null}
                    onSort={() =>
                      setSorting([{ id, desc: current?.id === id ? !current.desc : !text }])
                    }
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={TEXT_COLUMNS.has(cell.column.id) ? 'cell--text' : 'cell--num'}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
