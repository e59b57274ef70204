import { daypartOf } from '../../attribution/core/dayparts';
import { localFields } from '../../attribution/core/local-time';
import type { Airing, StationType } from '../../attribution/core/types';

/**
 * What one report gives the response ratings: per calendar month of the market's local time and
 * per slot (station call sign × market × station type × daypart), the airings, the signed
 * attributed visits and the costs; and the month's totals, the advertiser's own visits per
 * airing the indexes are relative to. Counts and cents only: no advertiser name, no airing time.
 */

/** One slot of a month: a station in a market at a daypart. */
export interface SlotRow {
  /** The post-log's call sign, trimmed and upper-cased (matched to a station when recomputing). */
  station: string;
  /** DMA code ('501') or 'national'. */
  market: string;
  type: StationType;
  /** Daypart key of the engine's table (lambdas/attribution/core/dayparts.ts), e.g. 'tv:prime'. */
  daypart: string;
  airings: number;
  /** Signed attributed visits (may be negative). */
  visits: number;
  /** Integer cents over the airings that carry a cost. */
  cost_cents: number;
  costed_airings: number;
  /** Seconds of spot length over the airings that carry a cost (spot rates per 30 s). */
  costed_seconds: number;
}

/** One client's contribution to one month (filed per client and month by the Store step). */
export interface RatingsContribution {
  client_uid: string;
  /** As filed; eligibility and voices read the client record again when recomputing. */
  org_uid: string;
  industry_id: string | null;
  /** 'YYYY-MM' of the markets' local time. */
  month: string;
  /** Days of the month inside the report's range: a shorter report never replaces a longer one. */
  days_covered: number;
  report_id: string;
  /** ISO-8601 UTC. */
  updated_at: string;
  /** The month's airings and signed attributed visits over every slot (the own VPA's terms). */
  airings: number;
  visits: number;
  rows: SlotRow[];
}

/** The work object Aggregate writes and Store files: `<work prefix>ratings-contribution.json`. */
export function ratingsWorkKey(workPrefix: string): string {
  return `${workPrefix}ratings-contribution.json`;
}

/** One airing with the engine's verdict on it (attribution report.ts pairResults' shape). */
export interface ScoredInput {
  airing: Airing;
  result: { attributed: number };
}

const DAY_MS = 86_400_000;

/**
 * Days of `month` inside the inclusive UTC date range [dateStart, dateEnd].
 * @param month 'YYYY-MM'; dates 'YYYY-MM-DD'.
 */
export function daysCovered(month: string, dateStart: string, dateEnd: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = Date.UTC(y, m - 1, 1);
  const last = Date.UTC(y, m, 0);
  const from = Math.max(first, Date.parse(`${dateStart}T00:00:00Z`));
  const to = Math.min(last, Date.parse(`${dateEnd}T00:00:00Z`));
  return to < from ? 0 : Math.round((to - from) / DAY_MS) + 1;
}

/**
 * The month contributions of one report (pure).
 * Steps: 1. each scored airing goes to the month of its start in its market's local time and to
 * its slot (call sign, market, type, daypart of daypartOf); 2. the slot sums airings, signed
 * visits, and cost and seconds over costed airings; 3. each month gets its totals and the days
 * of it the report's range covers (at least 1: an airing dated in the month by local time may
 * sit just outside the UTC range).
 * @param scored the report range's airings with their results.
 * @returns one contribution per month with airings, oldest first.
 */
export function ratingsContributionsOf(input: {
  client: { client_uid: string; org_uid: string; industry_id?: string | null };
  reportId: string;
  dateStart: string;
  dateEnd: string;
  updatedAt: string;
  scored: readonly ScoredInput[];
}): RatingsContribution[] {
  const months = new Map<string, Map<string, SlotRow>>();
  for (const { airing: a, result } of input.scored) {
    const local = localFields(a.startUtc, a.tz);
    const month = `${local.year}-${String(local.month).padStart(2, '0')}`;
    const station = a.station.trim().toUpperCase();
    if (!station) continue;
    const daypart = daypartOf(a).key;
    const key = `${station}|${a.market}|${a.stationType}|${daypart}`;
    const slots = months.get(month) ?? new Map<string, SlotRow>();
    months.set(month, slots);
    const row = slots.get(key) ?? {
      station,
      market: a.market,
      type: a.stationType,
      daypart,
      airings: 0,
      visits: 0,
      cost_cents: 0,
      costed_airings: 0,
      costed_seconds: 0,
    };
    row.airings += 1;
    row.visits += result.attributed;
    if (a.costCents !== null && a.lengthS > 0) {
      row.cost_cents += a.costCents;
      row.costed_airings += 1;
      row.costed_seconds += a.lengthS;
    }
    slots.set(key, row);
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, slots]) => {
      const rows = [...slots.values()];
      return {
        client_uid: input.client.client_uid,
        org_uid: input.client.org_uid,
        industry_id: input.client.industry_id ?? null,
        month,
        days_covered: Math.max(1, daysCovered(month, input.dateStart, input.dateEnd)),
        report_id: input.reportId,
        updated_at: input.updatedAt,
        airings: rows.reduce((s, r) => s + r.airings, 0),
        visits: rows.reduce((s, r) => s + r.visits, 0),
        rows,
      };
    });
}
