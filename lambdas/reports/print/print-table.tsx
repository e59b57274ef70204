import type { PrintTable as PrintTableModel } from '#shared/print/print-tables';

/** Props of {@link PrintTable}. */
export interface PrintTableProps {
  table: PrintTableModel;
}

/**
 * One broadcast table on paper (spec §2 "Report screens" columns; spec §9 formats). The header
 * row repeats on every page the table spans; rows never split across pages. A capped table says
 * how many rows it left out.
 */
export function PrintTable({ table }: PrintTableProps) {
  return (
    <section className="pr-table-wrap" data-testid={`print-table-${table.dimension}`}>
      <h3>{table.title}</h3>
      <table className="pr-table">
        <thead>
          <tr>
            <th scope="col">{table.column}</th>
            {table.columns.map((c) => (
              <th scope="col" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            // Labels can repeat across broadcast types; the position is the row's identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: static, never reordered
            <tr key={i}>
              <td>{row.label}</td>
              {row.cells.map((cell, j) => (
                <td key={table.columns[j]?.key ?? j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.total > table.rows.length && (
        <p className="pr-note">
          Top {table.rows.length} of {table.total} rows by VPA.
        </p>
      )}
    </section>
  );
}
