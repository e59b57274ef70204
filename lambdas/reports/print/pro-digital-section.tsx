import type { PrintProDigital, PrintProDigitalTable } from '#shared/print/print-pro-digital';

/** Props of {@link ProDigitalSection}. */
export interface ProDigitalSectionProps {
  digital: PrintProDigital;
}

/** One table of the section. */
function DigitalTable({ table }: { table: PrintProDigitalTable }) {
  return (
    <section className="pr-table-wrap">
      <h3>{table.title}</h3>
      <table className="pr-table">
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The Pro Digital section on paper: how it compares, the website-impact table (each metric in
 * the airing windows, in the baseline, and the change), the station, daypart and creative tables,
 * and the parts the caller has not unlocked named without numbers.
 */
export function ProDigitalSection({ digital }: ProDigitalSectionProps) {
  return (
    <section className="pr-section" data-testid="print-pro-digital">
      <h2>Pro Digital</h2>
      <p className="pr-note">{digital.note}</p>
      {digital.unavailable && <p className="pr-note">{digital.unavailable}</p>}
      {digital.overall && <DigitalTable table={digital.overall} />}
      {digital.tables.map((t) => (
        <DigitalTable key={t.title} table={t} />
      ))}
      {digital.locked.map((name) => (
        <p key={name} className="pr-note pr-industry__locked">
          {name} is part of a paid plan: unlock it to print its figures.
        </p>
      ))}
    </section>
  );
}
