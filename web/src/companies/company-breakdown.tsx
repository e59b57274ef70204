import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BreakdownResult } from '#shared/contracts/company-client.schema';
import {
  abbreviate,
  formatCents,
  formatDateMDY,
  formatDateRange,
  formatRatio,
} from '#shared/format';
import { errorMessage } from '../api/client';
import styles from './companies.module.css';
import { useCompanyBreakdown } from './use-company-api';

/** A lift in percent points with its sign ("+12.3%"); null shows "—". */
function formatLift(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '—';
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** Props of {@link CompanyBreakdown}. */
export interface CompanyBreakdownProps {
  clientUid: string;
  clientName: string;
}

/**
 * A row's mini breakdown (fetch_company_breakdowns): the client's latest report (or its
 * post-log alone before a report) as KPIs, airings by media, top stations and a weekly chart,
 * each KPI beside the mean of the caller's other reported clients (global_data) when given.
 */
export function CompanyBreakdown({ clientUid, clientName }: CompanyBreakdownProps) {
  const breakdown = useCompanyBreakdown(clientUid);
  if (breakdown.error)
    return (
      <p role="alert" className={styles.breakdownError}>
        {errorMessage(breakdown.error)}
      </p>
    );
  if (!breakdown.data)
    return (
      <p role="status" className={styles.muted}>
        Loading the breakdown of {clientName}…
      </p>
    );
  return <BreakdownView result={breakdown.data} clientName={clientName} />;
}

/** The breakdown drawn from a fetched result. */
export function BreakdownView({
  result,
  clientName,
}: {
  result: BreakdownResult;
  clientName: string;
}) {
  const b = result.breakdown_data;
  const g = result.global_data;
  const kpis: Array<{ label: string; value: string; compare?: string }> = [
    { label: 'Airings', value: abbreviate(b.airings) },
  ];
  if (b.attributed_visits !== null)
    kpis.push({ label: 'Attributed visits', value: abbreviate(b.attributed_visits) });
  if (b.vpa !== null)
    kpis.push({
      label: 'Visits per airing',
      value: formatRatio(b.vpa),
      compare: g?.vpa != null ? `Your clients: ${formatRatio(g.vpa)}` : undefined,
    });
  if (b.lift_pct !== null)
    kpis.push({
      label: 'Lift',
      value: formatLift(b.lift_pct),
      compare: g?.lift_pct != null ? `Your clients: ${formatLift(g.lift_pct)}` : undefined,
    });
  if (b.spend_cents !== null) kpis.push({ label: 'Spend', value: formatCents(b.spend_cents) });
  if (b.cost_per_visit_cents !== null)
    kpis.push({ label: 'Cost per visit', value: formatCents(b.cost_per_visit_cents) });

  const hasVisits = b.weeks.some((w) => w.visits !== null);
  return (
    <section className={styles.breakdown} aria-label={`Breakdown of ${clientName}`}>
      <p className={styles.muted}>
        {b.report_id && b.date_start && b.date_end
          ? `Latest report, ${formatDateRange(b.date_start, b.date_end)}`
          : 'No report yet: airings from the post-log.'}
        {g && g.clients > 0 ? ` Compared with ${g.clients} of your other clients.` : ''}
      </p>
      <dl className={styles.kpis}>
        {kpis.map((k) => (
          <div key={k.label} className={styles.kpi}>
            <dt>{k.label}</dt>
            <dd>
              <strong>{k.value}</strong>
              {k.compare && <span className={styles.compare}>{k.compare}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.breakdownLists}>
        <div>
          <h3 className={styles.smallTitle}>By media</h3>
          {b.by_media.length === 0 ? (
            <p className={styles.muted}>No airings yet.</p>
          ) : (
            <ul className={styles.plainList}>
              {b.by_media.map((m) => (
                <li key={m.type}>
                  {m.type}: {abbreviate(m.airings)} airings
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className={styles.smallTitle}>Top stations</h3>
          {b.top_stations.length === 0 ? (
            <p className={styles.muted}>No stations yet.</p>
          ) : (
            <ul className={styles.plainList}>
              {b.top_stations.map((s) => (
                <li key={s.station}>
                  {s.station}: {abbreviate(s.airings)} airings
                  {s.vpa !== null ? `, VPA ${formatRatio(s.vpa)}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
        {b.weeks.length > 0 && (
          <figure className={styles.weekly}>
            <figcaption className={styles.smallTitle}>Weekly airings</figcaption>
            <div className={styles.chart} aria-hidden="true">
              <ResponsiveContainer width="100%" height={120}>
                <LineChart data={b.weeks} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
                  <XAxis dataKey="week_start" tickFormatter={formatDateMDY} fontSize={11} />
                  <YAxis width={34} fontSize={11} allowDecimals={false} />
                  <Tooltip labelFormatter={(v) => `Week of ${formatDateMDY(String(v))}`} />
                  <Line
                    type="monotone"
                    dataKey="airings"
                    name="Airings"
                    stroke="#2a6f97"
                    dot={false}
                  />
                  {hasVisits && (
                    <Line
                      type="monotone"
                      dataKey="visits"
                      name="Visits"
                      stroke="#e76f51"
                      dot={false}
                    />
                  )}
                </LineChart>
              </ResponsiveContainer>
            </div>
            <table className="visually-hidden">
              <caption>Weekly airings of {clientName}</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Airings</th>
                  {hasVisits && <th scope="col">Visits</th>}
                </tr>
              </thead>
              <tbody>
                {b.weeks.map((w) => (
                  <tr key={w.week_start}>
                    <td>{formatDateMDY(w.week_start)}</td>
                    <td>{w.airings}</td>
                    {hasVisits && <td>{w.visits ?? '—'}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )}
      </div>
    </section>
  );
}
