import { useEffect, useMemo, useState } from 'react';
import type { MarketInsights } from '#shared/contracts/ratings.schema';
import type { StationOption } from '#shared/contracts/stations.schema';
import { errorMessage } from '../api/client';
import { StateMessage } from '../components/state-message';
import { periodName } from '../families/family-choices';
import { useLatestSearchParams } from '../lib/use-latest-search-params';
import { THRESHOLD_NOTE } from './empty-text';
import styles from './market-insights.module.css';
import { formatRating } from './ratings-format';
import { StationAdder } from './station-adder';
import { TableHead } from './table-head';
import { LockedPanel } from './unlock-link';
import { useMarketInsights } from './use-ratings';
import { useRatingsGates } from './use-ratings-gates';

/** Stations Market Insights compares at once (marketInsightsInputSchema). */
export const MAX_INSIGHT_STATIONS = 10;

/**
 * The stations of the URL (`?station=<id>&station=<id>`, as the ratings page's station panel
 * links here): at most {@link MAX_INSIGHT_STATIONS}, each id at most 64 characters. Pure.
 */
export function stationsOfUrl(params: URLSearchParams): string[] {
  const ids = params.getAll('station').filter((id) => id.length > 0 && id.length <= 64);
  return [...new Set(ids)].slice(0, MAX_INSIGHT_STATIONS);
}

/** A station's name when nothing better is known: its id without the type ('radio:WAAA' → 'WAAA'). */
const bareId = (id: string) => id.replace(/^[a-z]+:/, '');

/** The rows grouped by station, in the answer's order. Pure. */
export function rowsByStation(data: MarketInsights) {
  const out = new Map<string, MarketInsights['rows']>();
  for (const r of data.rows) out.set(r.station_id, [...(out.get(r.station_id) ?? []), r]);
  return [...out.entries()];
}

/**
 * /ss/market-insights (spec §1 "Market Insights", Advertiser Insights; gated by
 * competitive_data through the gate table): the caller's stations (their primary station by
 * default, up to 10 added) against the other rated stations of their market, by format and
 * daypart: the station's rating, the market's median and best, and its rank. Printable: Print
 * calls window.print() and the print stylesheet keeps only the report.
 */
export function MarketInsightsPage() {
  const { gate, ready } = useRatingsGates();
  const access = ready ? gate('market_insights') : null;
  const [params, setLatest] = useLatestSearchParams();
  const ids = useMemo(() => stationsOfUrl(params), [params]);
  // Names of the stations added through the search; the URL carries only their ids.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const stations = ids.map((id) => ({ id, label: labels[id] ?? bareId(id) }));
  // Each change applies to the newest list in the URL, so two stations added quickly both stay.
  const changeIds = (change: (latest: string[]) => string[]) =>
    setLatest((latest) => {
      const out = new URLSearchParams();
      for (const id of change(stationsOfUrl(latest))) out.append('station', id);
      return out;
    });
  const [period, setPeriod] = useState('');
  const insights = useMarketInsights(
    access?.allowed ? { station_ids: ids, period: period || undefined } : null,
  );

  useEffect(() => {
    document.title = 'Market Insights · AnalyticOwl';
  }, []);

  if (access && !access.allowed)
    return (
      <div className={styles.page}>
        <h1 className="report-head__title">Market Insights</h1>
        <LockedPanel title="Market Insights" gate={access.gate} />
      </div>
    );

  const data = insights.data;
  return (
    <div className={`${styles.page} ${styles.printArea}`}>
      <div className="report-head">
        <div>
          <h1 className="report-head__title">Market Insights</h1>
          <p className="report-head__meta">
            {data
              ? `${data.market_name}${data.period ? ` · ${periodName(data.period)}` : ''}`
              : 'Your stations against your market, by format and daypart.'}
          </p>
        </div>
        <button
          type="button"
          className={`button button--primary ${styles.noPrint}`}
          onClick={() => window.print()}
          disabled={!data || data.rows.length === 0}
        >
          Print
        </button>
      </div>
      {data?.kind === 'sample' && (
        <p className={styles.sampleBanner} role="note">
          <strong>Sample ratings</strong>: computed from sample advertisers, not real ones.
        </p>
      )}
      <section className={`card ${styles.controls} ${styles.noPrint}`} aria-label="Stations">
        <p className={styles.chosenTitle}>
          {stations.length === 0
            ? 'Showing your primary station. Add stations to compare (up to 10).'
            : `Comparing ${stations.length} of up to ${MAX_INSIGHT_STATIONS} stations.`}
        </p>
        {stations.length > 0 && (
          <ul className={styles.chips} aria-label="Chosen stations">
            {stations.map((s) => (
              <li key={s.id}>
                {s.label}
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={`Remove ${s.label}`}
                  onClick={() => changeIds((latest) => latest.filter((x) => x !== s.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <StationAdder
          chosen={ids}
          canAdd={stations.length < MAX_INSIGHT_STATIONS}
          onAdd={(s: StationOption) => {
            if (ids.length >= MAX_INSIGHT_STATIONS) return;
            setLabels((l) => ({ ...l, [s.id]: s.label }));
            changeIds((latest) =>
              latest.includes(s.id) || latest.length >= MAX_INSIGHT_STATIONS
                ? latest
                : [...latest, s.id],
            );
          }}
        />
        {data?.period && (
          <label className={styles.periodField}>
            <span className={styles.label}>Period</span>
            <input
              type="month"
              className="input"
              value={period || data.period}
              onChange={(e) => setPeriod(e.target.value)}
            />
          </label>
        )}
      </section>
      <div role="status" aria-live="polite" className="visually-hidden">
        {insights.isLoading || !ready ? 'Loading Market Insights…' : ''}
      </div>
      {insights.error ? (
        <StateMessage tone="error" title="Problem!">
          <p>{errorMessage(insights.error)}</p>
        </StateMessage>
      ) : data && data.rows.length === 0 && ids.length === 0 ? (
        <StateMessage title="Nothing to compare yet">
          <p>
            {data.market
              ? `No station in ${data.market_name} has enough advertisers yet (${THRESHOLD_NOTE}).`
              : 'Choose your primary station in your account, or add a station above.'}
          </p>
        </StateMessage>
      ) : data ? (
        <>
          {ids.filter((id) => !data.rows.some((r) => r.station_id === id)).length > 0 && (
            <p className={styles.unrated}>
              No rating in this period for{' '}
              {ids
                .filter((id) => !data.rows.some((r) => r.station_id === id))
                .map((id) => labels[id] ?? bareId(id))
                .join(', ')}{' '}
              ({THRESHOLD_NOTE}).
            </p>
          )}
          {rowsByStation(data).map(([stationId, rows]) => (
            <section
              key={stationId}
              className={`card ${styles.station}`}
              aria-labelledby={`mi-${stationId}`}
            >
              <h2 className="card__title" id={`mi-${stationId}`}>
                {rows[0]?.call_sign} · {rows[0]?.format_name}
              </h2>
              <table className="data-table data-table--compact">
                <caption className={styles.caption}>
                  {rows[0]?.call_sign} against {data.market_name}’s other {rows[0]?.format_name}{' '}
                  stations
                </caption>
                <TableHead
                  text="Daypart"
                  nums={['Your rating', 'Market median', 'Market best', 'Rank']}
                />
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.daypart}>
                      <td className="cell--text">{r.daypart_name}</td>
                      <td className="cell--num">
                        {r.rating === null ? 'Not enough data' : formatRating(r.rating)}
                      </td>
                      <td className="cell--num">{formatRating(r.market_median)}</td>
                      <td className="cell--num">{formatRating(r.market_best)}</td>
                      <td className="cell--num">
                        {r.rank === null ? '–' : `${r.rank} of ${r.of}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </>
      ) : (
        <div className="skeleton skeleton--table" aria-hidden="true" />
      )}
    </div>
  );
}
