import { Link } from 'react-router-dom';
import {
  RATING_MIN_ADVERTISERS,
  RATING_MIN_AIRINGS,
  TOP_TEN,
} from '#shared/contracts/ratings.schema';
import { useBrand } from '../../components/brand-context';
import { PageHero, SiteSection } from '../../site/site-parts';
import { RatingsLoadNote } from '../load-note';
import { useTopTen } from '../ratings-api';
import { formatPeriod } from '../ratings-format';
import { useRatingsMeta } from '../ratings-meta';
import styles from '../ratings-site.module.css';
import { SampleNote } from '../sample-note';
import { TopTenPicker } from '../top-ten-picker';
import { TopTenTable } from '../top-ten-table';

/** How many markets' lists the root page shows before the picker takes over. */
const ROOT_LISTS = 3;

/**
 * The ratings site's root (spec §1 "a response-based ratings site for radio, TV and podcasts"):
 * what a response rating is and how it is made (median index, interval, thresholds), the
 * market and format picker, and the top ten of the first rated markets (all formats, all day).
 */
export function RatingsHomePage() {
  const brand = useBrand();
  useRatingsMeta('home');
  const top = useTopTen({ format: 'all' });
  const lists = (top.data?.lists ?? []).filter((l) => l.format === 'all').slice(0, ROOT_LISTS);

  return (
    <>
      <PageHero title="Response ratings for radio and TV stations">
        <p>
          {brand.name} ranks stations by what their airings actually did: the website visits each
          airing brought to the advertisers who bought it, month by month, per market and format.
        </p>
      </PageHero>
      <SampleNote kind={top.data?.kind} />
      <SiteSection id="top-ten" title="Top ten by market and format">
        <TopTenPicker />
        {top.error || !top.data ? (
          <RatingsLoadNote error={top.error} />
        ) : lists.length === 0 ? (
          <p className={styles.empty}>
            No market has a published rating yet: a rating needs {RATING_MIN_ADVERTISERS}{' '}
            advertisers and {RATING_MIN_AIRINGS} airings.
          </p>
        ) : (
          <div className={styles.lists}>
            {top.data.period && (
              <p className={styles.period}>Ratings for {formatPeriod(top.data.period)}</p>
            )}
            {lists.map((list) => (
              <section key={list.market} className={styles.card} aria-label={list.market_name}>
                <h3>
                  <Link to={`/top-ten/${list.market}/all`}>{list.market_name}</Link>
                </h3>
                <TopTenTable
                  list={{ ...list, rows: list.rows.slice(0, TOP_TEN) }}
                  caption={`Top ten stations in ${list.market_name}, all formats`}
                />
              </section>
            ))}
          </div>
        )}
      </SiteSection>
      <SiteSection id="how" title="How a rating is made">
        <ol className={styles.steps}>
          <li>
            For every advertiser that aired on a station in a month, we count the website visits
            above its usual baseline in the 8 minutes after each airing: its{' '}
            <strong>visits per airing</strong> on that station.
          </li>
          <li>
            We divide that by the advertiser's own visits per airing over all its stations that
            month and multiply by 100: its <strong>response index</strong>. 100 is the advertiser's
            usual response; 130 means 30% more visits per airing than usual. Big and small websites
            compare fairly.
          </li>
          <li>
            A station's <strong>rating</strong> is the median of those indexes across its
            advertisers, with an interval (at least 90% confidence) around it.
          </li>
          <li>
            A rating is published only when at least {RATING_MIN_ADVERTISERS} independent
            advertisers and {RATING_MIN_AIRINGS} airings are behind it, and only for months that
            have ended. No advertiser is ever named, and all of one company's brands count as one
            voice.
          </li>
        </ol>
      </SiteSection>
    </>
  );
}
