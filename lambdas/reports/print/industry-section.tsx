import {
  PRINT_INDUSTRY_COLUMNS,
  PRINT_INDUSTRY_NOTE,
  type PrintIndustry,
} from '#shared/print/print-industry';

/** Props of {@link IndustrySection}. */
export interface IndustrySectionProps {
  industry: PrintIndustry;
}

/**
 * The industry response summary on paper: the industry and how many advertisers it is compared
 * with, the reading note (and the sample-data note), one compact table per unlocked section, and
 * the line naming the sections the plan does not open.
 */
export function IndustrySection({ industry }: IndustrySectionProps) {
  return (
    <section className="pr-section" data-testid="print-industry">
      <h2>Industry response summary</h2>
      <p className="pr-industry__meta">
        <strong>{industry.industryName}</strong> · {industry.compared}
      </p>
      {industry.sampleNote && <p className="pr-note">{industry.sampleNote}</p>}
      <p className="pr-note">{PRINT_INDUSTRY_NOTE}</p>
      {industry.sections.map((s) => (
        <section
          key={s.section}
          className="pr-table-wrap pr-industry__table"
          data-testid={`print-industry-${s.section}`}
        >
          <h3>{s.title}</h3>
          <table className="pr-table">
            <thead>
              <tr>
                <th scope="col">Label</th>
                {PRINT_INDUSTRY_COLUMNS.map((label) => (
                  <th scope="col" key={label}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {s.rows.map((row, i) => (
                // Labels may repeat (e.g. station types); the position is the row's identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: static, never reordered
                <tr key={i}>
                  <td>{row.label}</td>
                  {row.cells.map((cell, j) => (
                    <td key={PRINT_INDUSTRY_COLUMNS[j] ?? j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {industry.locked && (
        <p className="pr-note pr-industry__locked" data-testid="print-industry-locked">
          {industry.locked}
        </p>
      )}
    </section>
  );
}
