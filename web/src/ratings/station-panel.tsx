import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { periodName } from '../families/family-choices';
import { RatingHistoryChart } from './rating-history-chart';
import styles from './ratings.module.css';
import { formatRatingInterval } from './ratings-format';
import { TableHead } from './table-head';
import { useStationRatings } from './use-ratings';

/** Props of {@link StationPanel}. */
export interface StationPanelProps {
  stationId: string;
  onClose: () => void;
}

/**
 * A station's panel (nowl_station): who it is (market, format, frequency), its rating history
 * as a chart with the interval band and the same numbers as a table, and its newest period's
 * daypart ratings when the caller may see dayparts (the server leaves them out otherwise).
 * Focus moves to the panel's heading when it opens; Close, or Escape inside it, closes it.
 */
export function StationPanel({ stationId, onClose }: StationPanelProps) {
  const { data, error, isLoading } = useStationRatings(stationId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // The panel is keyed by station (a new one per station), so the answer is this station's.
  const station = data?.station ?? null;
  return (
    <section
      className={`card ${styles.panel}`}
      aria-labelledby="station-panel-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className={styles.panelHead}>
        <h2 className="card__title" id="station-panel-title" tabIndex={-1} ref={heading}>
          {station ? station.label : 'Station'}
        </h2>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close station
        </button>
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {isLoading ? 'Loading the station’s ratings…' : ''}
      </div>
      {error && <p role="alert">{errorMessage(error)}</p>}
      {station && data && (
        <>
          <p className={styles.panelMeta}>
            {[
              station.market_name,
              station.format_name,
              station.frequency,
              [station.city, station.state].filter(Boolean).join(', '),
            ]
              .filter(Boolean)
              .join(' · ')}
            {data.kind === 'sample' && <span className="badge badge--sample">Sample ratings</span>}
          </p>
          <Link to={`/ss/market-insights?station=${encodeURIComponent(stationId)}`}>
            Compare with its market in Market Insights
          </Link>
          {data.history.length === 0 ? (
            <p>This station has no published rating yet.</p>
          ) : (
            <div className={styles.panelBody}>
              <RatingHistoryChart history={data.history} />
              <div className={styles.tableWrap}>
                <table className="data-table data-table--compact">
                  <caption className={styles.caption}>
                    Rating history of {station.call_sign}
                  </caption>
                  <TableHead
                    text="Period"
                    nums={['Rating (interval)', 'Rank', 'Advertisers', 'Airings']}
                  />
                  <tbody>
                    {data.history.map((r) => (
                      <tr key={r.period}>
                        <td className="cell--text">{periodName(r.period)}</td>
                        <td className="cell--num">
                          {formatRatingInterval(r.rating, r.low, r.high)}
                        </td>
                        <td className="cell--num">{r.rank ?? '–'}</td>
                        <td className="cell--num">{r.advertisers}</td>
                        <td className="cell--num">{r.airings.toLocaleString('en-US')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          {data.dayparts.length > 0 && (
            <table className="data-table data-table--compact">
              <caption className={styles.caption}>
                By daypart, {periodName(data.dayparts[0]?.period ?? '')}
              </caption>
              <TableHead text="Daypart" nums={['Rating (interval)', 'Advertisers']} />
              <tbody>
                {data.dayparts.map((r) => (
                  <tr key={r.subject.daypart}>
                    <td className="cell--text">{r.subject.daypart_name}</td>
                    <td className="cell--num">{formatRatingInterval(r.rating, r.low, r.high)}</td>
                    <td className="cell--num">{r.advertisers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
