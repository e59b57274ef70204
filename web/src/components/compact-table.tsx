import { flexRender, type Table } from '@tanstack/react-table';

/** Props of {@link CompactTable}. */
export interface CompactTableProps<T> {
  /** A @tanstack/react-table instance (its columns say what each cell shows). */
  table: Table<T>;
  /** The table's caption, read by screen readers and shown above it. */
  caption: string;
  /** A stable React key for a row's data. */
  rowKey: (row: T) => string;
  /** Keep the caption for screen readers only (a heading above already names the table). */
  captionHidden?: boolean;
}

/**
 * The account page's small tables (members, shares): a captioned `data-table--compact` with
 * column headers scoped for screen readers, drawn from a react-table instance.
 */
export function CompactTable<T>({ table, caption, rowKey, captionHidden }: CompactTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="data-table data-table--compact">
        <caption className={captionHidden ? 'visually-hidden' : 'account__caption'}>
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={rowKey(row.original)}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
