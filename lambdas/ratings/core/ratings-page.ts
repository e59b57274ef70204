import type { z } from 'zod';
import type { Caller } from '#shared/auth/caller';
import { gateFor, requireGate } from '#shared/billing/ratings-gates';
import {
  RATINGS_PAGE_SIZE,
  type RatingsFilter,
  type RatingsPage,
  type ratingsPageInputSchema,
  TOP_TEN,
} from '#shared/contracts/ratings.schema';
import { industryRoot } from './labels';
import { answeringKind, periodResult, type ReadDeps, ratingRowOf, slotMatches } from './read-model';

/**
 * Refuses the filters the caller has not unlocked (403 with the gate's message): a daypart
 * other than all, an industry cohort. Staff pass every gate.
 */
export function requireFilterGates(
  filter: Pick<RatingsFilter, 'daypart' | 'industry'>,
  flags: Parameters<typeof gateFor>[1],
  caller: Caller | null,
): void {
  const staff = caller?.staff === true;
  if (filter.daypart && filter.daypart !== 'all') requireGate('ratings_dayparts', flags, staff);
  if (filter.industry) requireGate('ratings_industries', flags, staff);
}

/**
 * The ratings table (nowl_ratings): one page of the period's ratings matching the filters,
 * highest first, and how many slots under the same filters were withheld (a count only).
 * Steps: 1. the answering kind and period; 2. gates: format rows need ratings_formats, dayparts
 * and industries their own; station rows beyond each list's top ten need ratings_stations
 * (without it only rows ranked ≤ TOP_TEN are listed); 3. filter, search `q` in call sign and
 * label; 4. page.
 * @throws Forbidden with the gate's message for a filter the caller has not unlocked.
 */
export async function ratingsPage(
  deps: ReadDeps,
  caller: Caller | null,
  input: z.infer<typeof ratingsPageInputSchema>,
): Promise<RatingsPage> {
  const flags = await deps.flags(caller);
  const staff = caller?.staff === true;
  requireFilterGates(input, flags, caller);
  if (input.subject === 'format') requireGate('ratings_formats', flags, staff);
  const allStations = gateFor('ratings_stations', flags, staff).allowed;
  const kp = await answeringKind(deps.results);
  const { entry, result } = await periodResult(deps.results, kp, input.period);
  const periods = kp.periods.map((p) => p.period);
  if (!entry || !result) {
    return {
      kind: kp.kind,
      period: entry?.period ?? null,
      periods,
      rows: [],
      total: 0,
      page: input.page,
      page_size: RATINGS_PAGE_SIZE,
      withheld: 0,
    };
  }
  const f = {
    ...input,
    industryRoot: input.industry ? (industryRoot(input.industry) ?? input.industry) : null,
  };
  const q = input.q?.toLowerCase();
  const rows = result.rows.filter(
    (r) =>
      slotMatches(r, f) &&
      (allStations || r.subject !== 'station' || (r.rank !== null && r.rank <= TOP_TEN)) &&
      (!q || r.label.toLowerCase().includes(q) || (r.call_sign ?? '').toLowerCase().includes(q)),
  );
  const start = (input.page - 1) * RATINGS_PAGE_SIZE;
  return {
    kind: kp.kind,
    period: entry.period,
    periods,
    rows: rows.slice(start, start + RATINGS_PAGE_SIZE).map((r) => ratingRowOf(r, entry.period)),
    total: rows.length,
    page: input.page,
    page_size: RATINGS_PAGE_SIZE,
    withheld: result.withheld.filter((w) => slotMatches(w, f)).length,
  };
}
