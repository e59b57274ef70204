import {
  RATING_MIN_ADVERTISERS,
  RATING_MIN_AIRINGS,
  TOP_TEN,
} from '#shared/contracts/ratings.schema';
import { STATION_FORMATS, type StationFormat } from '#shared/contracts/stations.schema';
import type { StationType } from '../../attribution/core/types';
import type { RatingsContribution } from './contribution';
import type { PeriodResult, RatedSlot, StoredTopList, WithheldSlot } from './model';
import { ratedStation, type StationResolver } from './stations';
import { median, medianInterval, round1 } from './stats';

/**
 * The ratings of one period (pure): voices, indexes, medians, intervals, thresholds, ranks, top
 * ten and movement. A voice is an owning organisation: all of its clients' airings and visits are
 * pooled, in each slot and over the month, so an account cannot outvote the others by opening
 * clients. Everyone gets the same numbers (no "peers except me").
 */

/** A contribution that passed eligibility, with the org and industry from the client record. */
export interface EligibleContribution extends RatingsContribution {
  /** Top-level industry id of the client's industry (cohorts); null without one. */
  industry_root: string | null;
}

/** What the computation needs besides the contributions. */
export interface ComputeInput {
  kind: PeriodResult['kind'];
  period: string;
  computedAt: string;
  contributions: readonly EligibleContribution[];
  resolveStation?: StationResolver;
  /** The previous published period of the kind (movement and previous ratings), if any. */
  previous: PeriodResult | null;
}

interface Sums {
  airings: number;
  visits: number;
  cost_cents: number;
  costed_seconds: number;
}

interface Slot {
  meta: Omit<
    RatedSlot,
    | 'rating'
    | 'low'
    | 'high'
    | 'level'
    | 'advertisers'
    | 'airings'
    | 'rank'
    | 'previous_rating'
    | 'rate30_cents'
    | 'vpa'
  >;
  /** voice (org_uid) → its pooled sums in the slot. */
  voices: Map<string, Sums>;
}

const emptySums = (): Sums => ({ airings: 0, visits: 0, cost_cents: 0, costed_seconds: 0 });

/** Identity of a rated subject across periods (previous ratings, movement). */
export function slotIdentity(
  s: Pick<
    RatedSlot,
    'subject' | 'station_key' | 'type' | 'format' | 'market' | 'daypart' | 'industry'
  >,
): string {
  return [
    s.subject,
    s.station_key ?? s.format,
    s.type,
    s.market,
    s.daypart,
    s.industry ?? '*',
  ].join('|');
}

/**
 * Computes one period.
 * Steps: 1. pool each voice's month totals (its own VPA) per cohort (everyone, and each
 * top-level industry); 2. add each slot row to the voice's slots at every level: station × all
 * and × daypart, format × market × all and × daypart (industry cohorts: station × all only);
 * 3. per slot, each voice with a positive own VPA gives index = 100 × (slot VPA / own VPA);
 * 4. publish slots with ≥ RATING_MIN_ADVERTISERS voices and ≥ RATING_MIN_AIRINGS airings
 * (median, interval, 1 decimal), withhold the rest; 5. rank stations by market, format and
 * daypart; 6. top ten per market × format (and all) × daypart with movement.
 */
export function computePeriod(input: ComputeInput): PeriodResult {
  const totals = new Map<string, Sums>(); // `${cohort}|${org}` → month totals
  const slots = new Map<string, Slot>();
  const stationCache = new Map<string, ReturnType<typeof ratedStation>>();
  for (const c of input.contributions) {
    const cohorts: (string | null)[] = c.industry_root ? [null, c.industry_root] : [null];
    for (const cohort of cohorts) {
      const t = totals.get(`${cohort ?? '*'}|${c.org_uid}`) ?? emptySums();
      t.airings += c.airings;
      t.visits += c.visits;
      totals.set(`${cohort ?? '*'}|${c.org_uid}`, t);
    }
    for (const row of c.rows) {
      const sKey = `${row.station}|${row.market}|${row.type}`;
      const station =
        stationCache.get(sKey) ??
        ratedStation(input.resolveStation, row.station, row.market, row.type);
      stationCache.set(sKey, station);
      const stationKey = station.id ?? station.call_sign;
      for (const cohort of cohorts) {
        const dayparts = cohort === null ? ['all', row.daypart] : ['all'];
        for (const daypart of dayparts) {
          add(slots, c.org_uid, row, {
            subject: 'station',
            station_key: stationKey,
            station_id: station.id,
            call_sign: station.call_sign,
            label: station.label,
            type: row.type,
            market: row.market,
            format: station.format,
            daypart,
            industry: cohort,
          });
          if (cohort !== null) continue;
          add(slots, c.org_uid, row, {
            subject: 'format',
            station_key: null,
            station_id: null,
            call_sign: null,
            label: `${STATION_FORMATS[station.format]} stations`,
            type: row.type,
            market: row.market,
            format: station.format,
            daypart,
            industry: null,
          });
        }
      }
    }
  }
  const previous = new Map((input.previous?.rows ?? []).map((r) => [slotIdentity(r), r.rating]));
  const rows: RatedSlot[] = [];
  const withheld: WithheldSlot[] = [];
  for (const slot of slots.values()) {
    const rated = rate(slot, totals);
    const { subject, type, market, format, daypart, industry } = slot.meta;
    if (!rated) {
      withheld.push({ subject, type, market, format, daypart, industry });
      continue;
    }
    const row: RatedSlot = { ...slot.meta, ...rated, rank: null, previous_rating: null };
    row.previous_rating = previous.get(slotIdentity(row)) ?? null;
    rows.push(row);
  }
  rankStations(rows);
  return {
    kind: input.kind,
    period: input.period,
    computed_at: input.computedAt,
    rows: rows.sort(byRating),
    withheld,
    top: topTen(rows, input.previous),
  };
}

function add(
  slots: Map<string, Slot>,
  org: string,
  row: Sums & { costed_seconds: number },
  meta: Slot['meta'],
) {
  const key = slotIdentity(meta);
  const slot = slots.get(key) ?? { meta, voices: new Map<string, Sums>() };
  slots.set(key, slot);
  const s = slot.voices.get(org) ?? emptySums();
  s.airings += row.airings;
  s.visits += row.visits;
  s.cost_cents += row.cost_cents;
  s.costed_seconds += row.costed_seconds;
  slot.voices.set(org, s);
}

/** The numbers of a slot, or null when it falls below the thresholds. */
function rate(
  slot: Slot,
  totals: Map<string, Sums>,
): Pick<
  RatedSlot,
  'rating' | 'low' | 'high' | 'level' | 'advertisers' | 'airings' | 'rate30_cents' | 'vpa'
> | null {
  const indexes: number[] = [];
  const vpas: number[] = [];
  const rates: number[] = [];
  let airings = 0;
  for (const [org, s] of slot.voices) {
    const own = totals.get(`${slot.meta.industry ?? '*'}|${org}`);
    if (!own || own.airings <= 0 || s.airings <= 0) continue;
    const ownVpa = own.visits / own.airings;
    // An index of a non-positive average means nothing: that voice is left out.
    if (!(ownVpa > 0)) continue;
    indexes.push((100 * (s.visits / s.airings)) / ownVpa);
    vpas.push(s.visits / s.airings);
    if (s.costed_seconds > 0) rates.push((s.cost_cents / s.costed_seconds) * 30);
    airings += s.airings;
  }
  if (indexes.length < RATING_MIN_ADVERTISERS || airings < RATING_MIN_AIRINGS) return null;
  const interval = medianInterval(indexes);
  return {
    rating: round1(median(indexes)),
    low: round1(interval.low),
    high: round1(interval.high),
    level: interval.level,
    advertisers: indexes.length,
    airings,
    rate30_cents: rates.length >= RATING_MIN_ADVERTISERS ? Math.round(median(rates)) : null,
    vpa: median(vpas),
  };
}

/** Highest rating first; ties: more advertisers, more airings, then label. */
const byRating = (
  a: RatedSlot | { rating: number; advertisers: number; airings: number; label: string },
  b: typeof a,
) =>
  b.rating - a.rating ||
  b.advertisers - a.advertisers ||
  b.airings - a.airings ||
  a.label.localeCompare(b.label);

function rankStations(rows: RatedSlot[]): void {
  const groups = new Map<string, RatedSlot[]>();
  for (const r of rows) {
    if (r.subject !== 'station' || r.industry !== null) continue;
    const key = `${r.market}|${r.format}|${r.daypart}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values())
    group.sort(byRating).forEach((r, i) => {
      r.rank = i + 1;
    });
}

/** The top-ten lists of a period, movement against the previous period's same list. */
function topTen(rows: readonly RatedSlot[], previous: PeriodResult | null): StoredTopList[] {
  const lists = new Map<string, StoredTopList & { all: RatedSlot[] }>();
  for (const r of rows) {
    if (r.subject !== 'station' || r.industry !== null || r.station_key === null) continue;
    for (const format of [r.format, 'all'] as const) {
      const key = `${r.market}|${format}|${r.daypart}`;
      const list = lists.get(key) ?? {
        market: r.market,
        format,
        daypart: r.daypart,
        rows: [],
        all: [],
      };
      list.all.push(r);
      lists.set(key, list);
    }
  }
  const before = new Map(
    (previous?.top ?? []).map((l) => [`${l.market}|${l.format}|${l.daypart}`, l]),
  );
  return [...lists.entries()].map(([key, { all, ...list }]) => {
    const prevRanks = new Map((before.get(key)?.rows ?? []).map((r) => [r.station_key, r.rank]));
    const rowsOut = all
      .sort(byRating)
      .slice(0, TOP_TEN)
      .map((r, i) => {
        const previous_rank = prevRanks.get(r.station_key as string) ?? null;
        return {
          rank: i + 1,
          station_key: r.station_key as string,
          station_id: r.station_id,
          call_sign: r.call_sign ?? (r.station_key as string),
          label: r.label,
          type: r.type as StationType,
          rating: r.rating,
          low: r.low,
          high: r.high,
          advertisers: r.advertisers,
          airings: r.airings,
          previous_rank,
          movement: previous_rank === null ? null : previous_rank - (i + 1),
        };
      });
    return { ...list, format: list.format as StationFormat | 'all', rows: rowsOut };
  });
}
