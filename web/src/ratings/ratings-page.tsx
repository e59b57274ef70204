import { useEffect, useMemo, useState } from 'react';
import type { RatingsFeature } from '#shared/billing/ratings-gates';
import type { RatingsFilter, TopTenSummaries } from '#shared/contracts/ratings.schema';
import { ApiError, errorMessage } from '../api/client';
import { StateMessage } from '../components/state-message';
import { periodName } from '../families/family-choices';
import { useLatestSearchParams } from '../lib/use-latest-search-params';
import { noRatingsText } from './empty-text';
import styles from './ratings.module.css';
import { RatingsFilters } from './ratings-filters';
import { RatingsTable } from './ratings-table';
import { parseRatingsUrl, type RatingsUrlState, ratingsSearch } from './ratings-url';
import { StationPanel } from './station-panel';
import { TopTenList } from './top-ten-list';
import { UnlockLink } from './unlock-link';
import { useRatingsOptions, useRatingsPage, useTopTen } from './use-ratings';
import { useRatingsGates } from './use-ratings-gates';

/** The list a top ten shows: the chosen market's and format's, else the first. Pure. */
export function pickTopTen(answer: TopTenSummaries | undefined, filter: RatingsFilter) {
  const lists = answer?.lists ?? [];
  const format = filter.format ?? 'all';
  const inMarket = filter.market ? lists.filter((l) => l.market === filter.market) : lists;
  return inMarket.find((l) => l.format === format) ?? inMarket[0] ?? null;
}

/** A failure as shown: a refused (403) call says what unlocks it, anything else the generic text. */
function Failure({ error }: { error: unknown }) {
  return (
    <StateMessage
      tone="error"
      title={error instanceof ApiError && error.code === 'forbidden' ? 'Locked' : 'Problem!'}
    >
      <p>{errorMessage(error)}</p>
    </StateMessage>
  );
}

/**
 * /ss/ratings (spec §1 "a response-based ratings site", §3 "Benchmark lists", §7 nowl_*): the
 * filter bar, the top ten of the chosen market and format with movement, and the full ratings
 * table (stations, or formats in a market) paged and sortable, with a station's panel (its
 * history chart) opened from either. All state lives in the URL. "Sample ratings" marks answers
 * from the sample advertisers. Filters and tables the caller has not unlocked (the gate table,
 * layers/shared/billing/ratings-gates.ts) are shown locked with their Unlock button and are
 * never asked for.
 */
export function RatingsPage() {
  const [params, setLatest] = useLatestSearchParams();
  const url = useMemo(() => parseRatingsUrl(params), [params]);
  const { gate, ready } = useRatingsGates();
  const lockedGate = (feature: RatingsFeature) => {
    if (!ready) return null;
    const g = gate(feature);
    return g.allowed ? null : g.gate;
  };
  const [query, setQuery] = useState(url.q);

  useEffect(() => {
    document.title = 'Response ratings · AnalyticOwl';
  }, []);

  // A locked filter in a shared URL is dropped, never sent (the server would refuse it).
  const filter: RatingsFilter = {
    ...url.filter,
    daypart: lockedGate('ratings_dayparts') ? undefined : url.filter.daypart,
    industry: lockedGate('ratings_industries') ? undefined : url.filter.industry,
  };
  const tableGate = lockedGate(url.subject === 'station' ? 'ratings_stations' : 'ratings_formats');
  const topTen = useTopTen(ready ? filter : null);
  const table = useRatingsPage(
    ready && !tableGate
      ? { ...filter, subject: url.subject, q: url.q || undefined, page: url.page }
      : null,
  );

  // Each change builds on the newest URL, so a market and then a format picked before the screen
  // re-renders keep both.
  const go = (
    next: Partial<Omit<RatingsUrlState, 'filter'>> & { filter?: Partial<RatingsFilter> },
  ) =>
    setLatest((latest) => {
      const state = parseRatingsUrl(latest);
      return ratingsSearch({ ...state, ...next, filter: { ...state.filter, ...next.filter } });
    });
  const list = pickTopTen(topTen.data, filter);
  const kind = topTen.data?.kind ?? table.data?.kind;
  const periods = topTen.data?.periods ?? table.data?.periods ?? [];
  const period = topTen.data?.period ?? table.data?.period ?? null;
  const loading = topTen.isLoading || table.isLoading || !ready;
  const regions = useRatingsOptions('regions');
  const marketName = filter.market
    ? (regions.data?.find((r) => r.id === filter.market)?.name ?? list?.market_name ?? null)
    : null;
  const openStation = (station: string) => go({ station });

  return (
    <div className={styles.page}>
      <div className="report-head">
        <div>
          <h1 className="report-head__title">Response ratings</h1>
          <p className="report-head__meta">
            The median response index of the advertisers that aired on a station (100 = their usual
            visits per airing){period ? ` · ${periodName(period)}` : ''}.
          </p>
        </div>
        {kind === 'sample' && (
          <p className={styles.sampleBanner} role="note">
            <strong>Sample ratings</strong>: computed from sample advertisers, not real ones.
          </p>
        )}
      </div>
      <RatingsFilters
        filter={url.filter}
        periods={periods}
        lockedGate={lockedGate}
        onChange={(next) => go({ filter: next, page: 1 })}
      />
      <div role="status" aria-live="polite" className="visually-hidden">
        {loading ? 'Loading ratings…' : 'Ratings loaded.'}
      </div>
      <div className={styles.columns}>
        {url.station && (
          <StationPanel
            key={url.station}
            stationId={url.station}
            onClose={() => go({ station: null })}
          />
        )}
        <div className={styles.main}>
          {topTen.error ? (
            <Failure error={topTen.error} />
          ) : list && list.rows.length > 0 ? (
            <TopTenList list={list} onStation={openStation} />
          ) : topTen.data ? (
            <StateMessage title="No top ten yet">
              <p>
                {topTen.data.period === null
                  ? 'No ratings have been published yet.'
                  : noRatingsText(marketName)}
              </p>
            </StateMessage>
          ) : (
            <div className="skeleton skeleton--table" aria-hidden="true" />
          )}
          <section className="card" aria-labelledby="ratings-table-title">
            <div className={styles.tableHead}>
              <h2 className="card__title" id="ratings-table-title">
                All ratings
              </h2>
              <fieldset className="segmented">
                <legend className="visually-hidden">Rate</legend>
                {(['station', 'format'] as const).map((s) => (
                  <label
                    key={s}
                    className={`segmented__option${url.subject === s ? ' segmented__option--on' : ''}`}
                  >
                    <input
                      type="radio"
                      name="ratings-subject"
                      value={s}
                      checked={url.subject === s}
                      onChange={() => go({ subject: s, page: 1 })}
                    />
                    {s === 'station' ? 'Stations' : 'Formats'}
                  </label>
                ))}
              </fieldset>
              {!tableGate && (
                <form
                  aria-label="Search ratings"
                  onSubmit={(e) => {
                    e.preventDefault();
                    go({ q: query.trim(), page: 1 });
                  }}
                >
                  <label className={styles.search}>
                    <span className="visually-hidden">Search stations</span>
                    <input
                      type="search"
                      className="input"
                      placeholder="Call sign or city"
                      maxLength={64}
                      value={query}
                      onChange={(e) => setQuery(e.target.value)}
                    />
                  </label>
                  <button type="submit" className="button button--ghost">
                    Search
                  </button>
                </form>
              )}
            </div>
            {tableGate ? (
              <section className={styles.locked} aria-label={`${tableGate.name} (locked)`}>
                <UnlockLink gate={tableGate} />
              </section>
            ) : table.error ? (
              <Failure error={table.error} />
            ) : table.data && table.data.rows.length > 0 ? (
              <RatingsTable
                page={table.data}
                subject={url.subject}
                caption={`${url.subject === 'station' ? 'Station' : 'Format'} ratings${marketName ? ` in ${marketName}` : ''}`}
                onPage={(page) => go({ page })}
                onStation={openStation}
              />
            ) : table.data ? (
              <StateMessage title="No ratings to show">
                <p>
                  {url.q ? `Nothing rated matches “${url.q}”. ` : ''}
                  {noRatingsText(marketName)}
                  {table.data.withheld > 0
                    ? ` ${table.data.withheld} more ${table.data.withheld === 1 ? 'slot has' : 'slots have'} airings below the thresholds.`
                    : ''}
                </p>
              </StateMessage>
            ) : (
              <div className="skeleton skeleton--table" aria-hidden="true" />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
