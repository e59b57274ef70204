import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Table,
  useReactTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  COMPANY_SORT_FIELDS,
  type CompanyRow,
  type CompanySortField,
} from '#shared/contracts/companies.schema';
import styles from './companies.module.css';
import {
  AttentionLine,
  ConnectionCell,
  ProgressSteps,
  reportHref,
  StationsCell,
  WidgetChips,
} from './company-cells';

/** Props of {@link CompanyTable}. */
export interface CompanyTableProps {
  rows: CompanyRow[];
  /** The server's sort (the table never sorts itself). */
  sortField: CompanySortField;
  sortDesc: boolean;
  /** A sortable header was clicked: sort by `field`, descending when `desc`. */
  onSort: (field: CompanySortField, desc: boolean) => void;
  /** The client whose breakdown is open, or null. */
  expanded: string | null;
  onToggleExpand: (clientUid: string) => void;
  /** The breakdown of the open row. */
  renderExpanded: (row: CompanyRow) => ReactNode;
  /** Star or unstar a client. */
  onFavorite: (row: CompanyRow) => void;
  /** Open the client's store locations; without it the count is plain text. @default none */
  onLocations?: (row: CompanyRow) => void;
  /** Edit a client (rows with perm edit). */
  onEdit: (row: CompanyRow) => void;
  /** Ask the team for help about a client. */
  onHelp: (row: CompanyRow) => void;
}

/** The handlers a cell reads (the table's meta is the props). */
const metaOf = (table: Table<CompanyRow>) => table.options.meta as CompanyTableProps;

const sortable = (id: string): id is CompanySortField =>
  (COMPANY_SORT_FIELDS as readonly string[]).includes(id);

/**
 * The company task list's table (spec §2 columns: progress, rep_names, client_name, stations,
 * industry, connections, ft_locations, widgets, view_data) on @tanstack/react-table with manual
 * sorting: a header click asks the server for the new order (ascending first, then
 * descending). Each row has a disclosure button showing its mini breakdown underneath.
 */
export function CompanyTable(props: CompanyTableProps) {
  const { rows, sortField, sortDesc, onSort, expanded, renderExpanded } = props;

  // Cells read the handlers through the table's meta: a cell renderer is a React component to
  // flexRender, so a new function would remount the row's cells (and lose the focused button).
  const columns = useMemo<ColumnDef<CompanyRow>[]>(
    () => [
      {
        id: 'expand',
        header: () => <span className="visually-hidden">Details</span>,
        enableSorting: false,
        cell: ({ row, table }) => {
          const { expanded, onToggleExpand } = metaOf(table);
          const open = expanded === row.original.client_uid;
          return (
            <button
              type="button"
              className={styles.disclosure}
              aria-expanded={open}
              aria-controls={open ? `breakdown-${row.original.client_uid}` : undefined}
              aria-label={`Breakdown of ${row.original.client_name}`}
              onClick={() => onToggleExpand(row.original.client_uid)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          );
        },
      },
      {
        id: 'progress',
        header: 'Progress',
        cell: ({ row }) => <ProgressSteps progress={row.original.progress} />,
      },
      {
        id: 'rep_names',
        header: 'Reps',
        cell: ({ row }) =>
          row.original.rep_names.length > 0 ? (
            row.original.rep_names.join(', ')
          ) : (
            <span className={styles.muted}>None</span>
          ),
      },
      {
        id: 'client_name',
        header: 'Client',
        cell: ({ row, table }) => {
          const c = row.original;
          const { onFavorite } = metaOf(table);
          return (
            <div className={styles.clientCell}>
              <div className={styles.clientName}>
                <button
                  type="button"
                  className={`${styles.star} ${c.is_favorite ? styles.starOn : ''}`}
                  aria-pressed={c.is_favorite}
                  aria-label={`Favourite ${c.client_name}`}
                  onClick={() => onFavorite(c)}
                >
                  <span aria-hidden="true">{c.is_favorite ? '★' : '☆'}</span>
                </button>
                <Link to={reportHref(c.client_uid)} className={styles.nameLink}>
                  {c.client_name}
                </Link>
                {c.demo && <span className={`badge ${styles.toneMuted}`}>Demo</span>}
                {c.shared && <span className={`badge ${styles.toneMuted}`}>Shared</span>}
              </div>
              <AttentionLine row={c} attention={c.attention} />
            </div>
          );
        },
      },
      {
        id: 'stations',
        header: 'Stations',
        enableSorting: false,
        cell: ({ row }) => <StationsCell row={row.original} />,
      },
      {
        id: 'industry',
        header: 'Industry',
        cell: ({ row }) => row.original.industry?.name ?? <span className={styles.muted}>—</span>,
      },
      {
        id: 'connections',
        header: 'Connections',
        cell: ({ row }) => <ConnectionCell row={row.original} />,
      },
      {
        id: 'ft_locations',
        header: 'Locations',
        cell: ({ row, table }) => {
          const c = row.original;
          const { onLocations } = metaOf(table);
          const text = `${c.ft_locations}`;
          if (!onLocations) return text;
          return (
            <button
              type="button"
              className={`button button--ghost ${styles.small}`}
              aria-label={`Store locations of ${c.client_name}: ${c.ft_locations}`}
              onClick={() => onLocations(c)}
            >
              {text}
            </button>
          );
        },
      },
      {
        id: 'widgets',
        header: 'Products',
        enableSorting: false,
        cell: ({ row }) => <WidgetChips widgets={row.original.widgets} />,
      },
      {
        id: 'view_data',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: ({ row, table }) => {
          const c = row.original;
          const { onEdit, onHelp } = metaOf(table);
          return (
            <div className={styles.actions}>
              <Link
                to={reportHref(c.client_uid)}
                className={`button button--primary ${styles.small}`}
                aria-label={`View data of ${c.client_name}`}
              >
                View data
              </Link>
              {c.perms.edit && (
                <button
                  type="button"
                  className={`button button--ghost ${styles.small}`}
                  aria-label={`Edit ${c.client_name}`}
                  onClick={() => onEdit(c)}
                >
                  Edit
                </button>
              )}
              <button
                type="button"
                className={`button button--ghost ${styles.small}`}
                aria-label={`Get help with ${c.client_name}`}
                onClick={() => onHelp(c)}
              >
                Help
              </button>
            </div>
          );
        },
      },
    ],
    [],
  );

  const sorting: SortingState = [{ id: sortField, desc: sortDesc }];
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.client_uid,
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
    meta: props,
  });

  return (
    <div className={styles.tableWrap}>
      <table className={`data-table ${styles.table}`}>
        <caption className="visually-hidden">Clients</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const canSort = sortable(id) && header.column.columnDef.enableSorting !== false;
                const active = canSort && id === sortField;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : undefined}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => onSort(id, active ? !sortDesc : false)}
                      >
                        {label}
                        <span aria-hidden="true" className={styles.sortMark}>
                          {active ? (sortDesc ? ' ▼' : ' ▲') : ' ↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const open = expanded === row.original.client_uid;
            return (
              <Fragment key={row.id}>
                <tr className={row.original.attention ? styles.rowAttention : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={cellLabel(cell.column.id)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {open && (
                  <tr className={styles.expandedRow}>
                    <td colSpan={columns.length} id={`breakdown-${row.original.client_uid}`}>
                      {renderExpanded(row.original)}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The column's name shown beside a cell when rows stack on a phone. */
function cellLabel(id: string): string | undefined {
  const labels: Record<string, string> = {
    progress: 'Progress',
    rep_names: 'Reps',
    stations: 'Stations',
    industry: 'Industry',
    connections: 'Connections',
    ft_locations: 'Locations',
    widgets: 'Products',
  };
  return labels[id];
}
