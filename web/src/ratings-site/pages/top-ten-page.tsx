import { Navigate, useParams } from 'react-router-dom';
import { BRANDS } from '#shared/brands';
import { RATING_MIN_ADVERTISERS, RATING_MIN_AIRINGS } from '#shared/contracts/ratings.schema';
import { STATION_FORMATS, type StationFormat } from '#shared/contracts/stations.schema';
import { PageHero, SiteSection } from '../../site/site-parts';
import { RatingsLoadNote } from '../load-note';
import { useTopTen } from '../ratings-api';
import { formatPeriod } from '../ratings-format';
import { useRatingsMeta } from '../ratings-meta';
import styles from '../ratings-site.module.css';
import { SampleNote } from '../sample-note';
import { TopTenPicker } from '../top-ten-picker';
import { TopTenTable } from '../top-ten-table';

/** A format id of the address ('all' or a station format), else null. */
function formatParam(value: string | undefined): StationFormat | 'all' | null {
  if (value === undefined || value === 'all') return 'all';
  return value in STATION_FORMATS ? (value as StationFormat) : null;
}

/**
 * `/top-ten/:market/:format?`: one market's top ten stations by response rating, in one format
 * or all (daypart all), with movement since the previous month. An address with a market that is
 * not a DMA code or an unknown format is an unknown path: it goes to the root.
 */
export function TopTenPage() {
  const { market = '', format: formatText } = useParams();
  const format = formatParam(formatText);
  const valid = /^\d{3}$/.test(market) && format !== null;
  const top = useTopTen(valid ? { market, format: format ?? 'all' } : {});
  const list = top.data?.lists.find((l) => l.market === market && l.format === format);
  const formatName = format === 'all' || format === null ? '' : `${STATION_FORMATS[format]} `;
  const heading = list
    ? `Top ten ${formatName}stations in ${list.market_name}`
    : `Top ten ${formatName}stations`;
  useRatingsMeta(
    'top-ten',
    list
      ? {
          title: `${heading} | ${BRANDS.ratings.name}`,
          description: `The ${formatName}stations with the highest response rating in ${list.market_name}${top.data?.period ? ` for ${formatPeriod(top.data.period)}` : ''}, with their movement since the previous month.`,
        }
      : null,
  );

  if (!valid) return <Navigate to="/" replace />;
  return (
    <>
      <PageHero title={heading}>
        {top.data?.period && <p>Response ratings for {formatPeriod(top.data.period)}, all day.</p>}
      </PageHero>
      <SampleNote kind={top.data?.kind} />
      <SiteSection title="Another market or format">
        <TopTenPicker key={`${market}/${format}`} market={market} format={format ?? 'all'} />
      </SiteSection>
      {top.error || !top.data ? (
        <RatingsLoadNote error={top.error} />
      ) : !list ? (
        <p className={styles.empty}>
          This market has no published {formatName}rating yet: a rating needs{' '}
          {RATING_MIN_ADVERTISERS} advertisers and {RATING_MIN_AIRINGS} airings.
        </p>
      ) : (
        <TopTenTable list={list} caption={heading} />
      )}
    </>
  );
}
