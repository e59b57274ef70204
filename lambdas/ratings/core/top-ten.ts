import type { Caller } from '#shared/auth/caller';
import {
  type RatingsFilter,
  TOP_TEN,
  type TopTenList,
  type TopTenSummaries,
} from '#shared/contracts/ratings.schema';
import type { StationFormat } from '#shared/contracts/stations.schema';
import { daypartName, formatName, industryRoot, marketName } from './labels';
import type { StoredTopList } from './model';
import { requireFilterGates } from './ratings-page';
import { answeringKind, periodResult, type ReadDeps, typeMatches } from './read-model';

/**
 * The top-ten lists (nowl_top_ten_summaries): per market × format (and 'all') × daypart, the ten
 * best-rated stations with their movement since the previous published period. Open to anyone at
 * daypart `all`; a daypart or an industry needs its gate.
 * Filters: `market` one market (default every market), `format` one format or 'all' (default
 * every list: 'all' and each format), `daypart` (default 'all'), `broadcast_type` keeps the
 * lists' rows of that type (ranks as published), `industry` the industry cohort's lists (station
 * × all day, built from its ratings; no movement).
 * @throws Forbidden with the gate's message for a filter the caller has not unlocked.
 */
export async function topTenSummaries(
  deps: ReadDeps,
  caller: Caller | null,
  filter: RatingsFilter,
): Promise<TopTenSummaries> {
  requireFilterGates(filter, await deps.flags(caller), caller);
  const kp = await answeringKind(deps.results);
  const { entry, result } = await periodResult(deps.results, kp, filter.period);
  const periods = kp.periods.map((p) => p.period);
  const previous = entry ? (kp.periods.find((p) => p.period < entry.period)?.period ?? null) : null;
  if (!entry || !result)
    return { kind: kp.kind, period: null, previous_period: null, periods, lists: [] };
  const daypart = filter.daypart ?? 'all';
  const stored = filter.industry
    ? cohortLists(result.rows, industryRoot(filter.industry) ?? filter.industry)
    : result.top;
  const lists = stored
    .filter(
      (l) =>
        (filter.market === undefined || l.market === filter.market) &&
        (filter.format === undefined || l.format === filter.format) &&
        l.daypart === daypart,
    )
    .map((l) => listOf(l, filter))
    .filter((l) => l.rows.length > 0)
    .sort(
      (a, b) =>
        a.market_name.localeCompare(b.market_name) ||
        (a.format === 'all'
          ? -1
          : b.format === 'all'
            ? 1
            : a.format_name.localeCompare(b.format_name)),
    );
  return { kind: kp.kind, period: entry.period, previous_period: previous, periods, lists };
}

function listOf(l: StoredTopList, filter: RatingsFilter): TopTenList {
  return {
    market: l.market,
    market_name: marketName(l.market),
    format: l.format,
    format_name: formatName(l.format),
    daypart: l.daypart,
    daypart_name: daypartName(l.daypart),
    rows: l.rows
      .filter((r) => typeMatches(r.type, filter.broadcast_type))
      .map((r) => ({
        rank: r.rank,
        station_id: r.station_key,
        call_sign: r.call_sign,
        label: r.label,
        rating: r.rating,
        low: r.low,
        high: r.high,
        advertisers: r.advertisers,
        airings: r.airings,
        previous_rank: r.previous_rank,
        movement: r.movement,
      })),
  };
}

/** An industry cohort's lists (station × all day), from its published ratings. */
function cohortLists(rows: Parameters<typeof listOfRows>[0], root: string): StoredTopList[] {
  return listOfRows(
    rows.filter((r) => r.subject === 'station' && r.industry === root && r.daypart === 'all'),
  );
}

function listOfRows(rows: import('./model').RatedSlot[]): StoredTopList[] {
  const groups = new Map<string, StoredTopList>();
  for (const r of rows) {
    for (const format of [r.format, 'all'] as (StationFormat | 'all')[]) {
      const key = `${r.market}|${format}`;
      const list = groups.get(key) ?? { market: r.market, format, daypart: 'all', rows: [] };
      if (list.rows.length < TOP_TEN) {
        list.rows.push({
          rank: list.rows.length + 1,
          station_key: r.station_key ?? '',
          station_id: r.station_id,
          call_sign: r.call_sign ?? '',
          label: r.label,
          type: r.type,
          rating: r.rating,
          low: r.low,
          high: r.high,
          advertisers: r.advertisers,
          airings: r.airings,
          previous_rank: null,
          movement: null,
        });
      }
      groups.set(key, list);
    }
  }
  return [...groups.values()];
}
