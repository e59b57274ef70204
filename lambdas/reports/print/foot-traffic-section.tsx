import type { PrintFootTraffic } from '#shared/print/print-foot-traffic';
import { KpiSummary } from './kpi-summary';
import { PrintTable } from './print-table';

/** Props of {@link FootTrafficSection}. */
export interface FootTrafficSectionProps {
  foot: PrintFootTraffic;
}

/**
 * Foot traffic on paper: how store visits are counted, their KPIs, the daypart,
 * day-of-week and station tables and the locations by store visits.
 */
export function FootTrafficSection({ foot }: FootTrafficSectionProps) {
  return (
    <section className="pr-section" data-testid="print-foot-traffic">
      <h2>Foot traffic</h2>
      <p className="pr-note">{foot.note}</p>
      <KpiSummary kpis={foot.kpis} comparePeriod={null} title="Store visits" />
      {foot.tables.map((t) => (
        <PrintTable key={t.dimension} table={t} />
      ))}
      {foot.locations.length > 0 && (
        <section className="pr-table-wrap" data-testid="print-foot-traffic-locations">
          <h3>Locations</h3>
          <table className="pr-table">
            <thead>
              <tr>
                <th scope="col">Location</th>
                <th scope="col">DMA</th>
                <th scope="col">Store visits</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {foot.locations.map((l) => (
                <tr key={l.location}>
                  <td>{l.location}</td>
                  <td>{l.dma}</td>
                  <td>{l.visits}</td>
                  <td>{l.share}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
