import type { PrintKpi } from '#shared/print/print-kpis';

/** Props of {@link KpiSummary}. */
export interface KpiSummaryProps {
  kpis: readonly PrintKpi[];
  /** Comparison period as shown, or null without one. */
  comparePeriod: string | null;
  /** Heading. @default 'Summary' */
  title?: string;
}

/**
 * The KPI summary block of the printout: value per KPI and, with a
 * comparison period, the change (signed, coloured good or bad; no arrow glyphs: the Lambda's
 * Open Sans has none) and the earlier value.
 */
export function KpiSummary({ kpis, comparePeriod, title = 'Summary' }: KpiSummaryProps) {
  return (
    <section className="pr-section" data-testid="print-kpis">
      {title === 'Summary' ? <h2>{title}</h2> : <h3>{title}</h3>}
      <div className="pr-kpis">
        {kpis.map((k) => (
          <div className="pr-kpi" key={k.label}>
            <span className="pr-kpi__label">{k.label}</span>
            <span className="pr-kpi__value">{k.value}</span>
            {k.compare && (
              <span className={`pr-kpi__compare pr-tone--${k.compare.tone}`}>
                {k.compare.change} vs {k.compare.value}
              </span>
            )}
          </div>
        ))}
      </div>
      {comparePeriod && <p className="pr-note">Changes are against {comparePeriod}.</p>}
    </section>
  );
}
