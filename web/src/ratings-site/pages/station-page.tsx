import { Link, useParams } from 'react-router-dom';
import { BRANDS } from '#shared/brands';
import { RATING_MIN_ADVERTISERS, RATING_MIN_AIRINGS } from '#shared/contracts/ratings.schema';
import { PageHero, SiteSection } from '../../site/site-parts';
import { RatingHistoryChart } from '../rating-history-chart';
import { useStation } from '../ratings-api';
import { formatInterval, formatPeriod, formatRating } from '../ratings-format';
import { useRatingsMeta } from '../ratings-meta';
import styles from '../ratings-site.module.css';
import { SampleNote } from '../sample-note';
import { SiteRatingCells, SiteRatingHead } from '../site-rating-cells';

/**
 * `/station/:stationId`: a station's response rating month by month (nowl_station, daypart
 * all): the newest rating with its interval, the history chart and the same numbers as a table.
 * A station without a published rating is named (from the station list) and says what a rating
 * needs.
 */
export function StationPage() {
  const { stationId = '' } = useParams();
  const answer = useStation(stationId);
  const data = answer.data;
  const station = data?.rated ? data.ratings.station : null;
  const name = station?.call_sign ?? (data && !data.rated ? data.station?.label : undefined);
  useRatingsMeta(
    'station',
    station
      ? {
          title: `${station.call_sign} Response Rating | ${BRANDS.ratings.name}`,
          description: `${station.label}: its response rating month by month in ${station.market_name}, with the interval around each month's rating.`,
        }
      : null,
  );

  if (answer.error) {
    return (
      <>
        <PageHero title="Station rating" />
        <p className={styles.empty} role="alert">
          The station's ratings could not be loaded. Please try again in a moment.
        </p>
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageHero title="Station rating" />
        <p className={styles.empty} role="status">
          Loading the station…
        </p>
      </>
    );
  }
  if (!data.rated) {
    return (
      <>
        <PageHero title={name ?? 'Station not found'} />
        <p className={styles.empty}>
          {name
            ? `${name} has no published rating yet: a rating needs ${RATING_MIN_ADVERTISERS} advertisers and ${RATING_MIN_AIRINGS} airings in a month.`
            : 'We do not know this station.'}{' '}
          <Link to="/">See the top ten stations</Link>.
        </p>
      </>
    );
  }

  const { ratings } = data;
  const latest = ratings.history.at(-1);
  const s = ratings.station;
  return (
    <>
      <PageHero title={`${s.call_sign} response rating`}>
        <p>
          {[s.frequency, [s.city, s.state].filter(Boolean).join(', '), s.format_name]
            .filter(Boolean)
            .join(' · ')}
          {s.market ? ` · ${s.market_name} market` : ''}
        </p>
      </PageHero>
      <SampleNote kind={ratings.kind} />
      {latest ? (
        <dl className={styles.headline}>
          <div>
            <dt>Rating, {formatPeriod(latest.period)}</dt>
            <dd>{formatRating(latest.rating)}</dd>
          </div>
          <div>
            <dt>Interval ({Math.round(latest.level * 100)}%)</dt>
            <dd>{formatInterval(latest.low, latest.high)}</dd>
          </div>
          <div>
            <dt>Advertisers</dt>
            <dd>{latest.advertisers}</dd>
          </div>
          <div>
            <dt>Airings</dt>
            <dd>{latest.airings.toLocaleString('en-US')}</dd>
          </div>
          {latest.rank !== null && (
            <div>
              <dt>Rank in its format</dt>
              <dd>#{latest.rank}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className={styles.empty}>This station has no published rating yet.</p>
      )}
      {ratings.history.length > 0 && (
        <SiteSection title="Rating history">
          <RatingHistoryChart callSign={s.call_sign} history={ratings.history} />
          <table className={styles.table}>
            <caption>{s.call_sign} rating by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <SiteRatingHead />
              </tr>
            </thead>
            <tbody>
              {[...ratings.history].reverse().map((row) => (
                <tr key={row.period}>
                  <td>{formatPeriod(row.period)}</td>
                  <SiteRatingCells row={row} />
                </tr>
              ))}
            </tbody>
          </table>
        </SiteSection>
      )}
      {s.market && (
        <p>
          <Link to={`/top-ten/${s.market}/${s.format}`}>
            Top ten {s.format_name} stations in {s.market_name}
          </Link>
        </p>
      )}
    </>
  );
}
