import type { Caller } from '#shared/auth/caller';
import type { UserType } from '#shared/contracts/account.schema';
import { MIN_PEERS } from '#shared/contracts/industry-insights.schema';
import {
  type WeeklyTrendRow,
  type WeeklyTrendsResult,
  weeklyTrendsSettingsSchema,
} from '#shared/contracts/weekly-trends.schema';
import { ValidationError } from '#shared/errors';
import { dmaOfRow } from '#shared/reference/dmas';
import { industryOfRow } from '#shared/reference/industries';
import { SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS } from '#shared/reference/shipped';
import type { IndustryBenchmarkStore } from '../../reports/core/industry-benchmarks';
import type { IndustryContribution } from '../../reports/core/industry-contribution';
import {
  industryWeeklyTrend,
  sharedWeekEnd,
  tableWeekEnds,
} from '../../reports/core/industry-trends';

/**
 * The weekly trends view (spec §3 "Weekly trends: filter options dmas and industries (with
 * name), settings week_count, dma_codes, industries", §6 "User type self does not see industry
 * trend badges", §9 "weekly trends default 3 weeks"): each industry's weekly new-user change in
 * the chosen markets, from the contributions every report files (new users per DMA and
 * calendar week; industry-trends.ts), under the same k-anonymity as the benchmarks (MIN_PEERS).
 * Pure: storage behind IndustryBenchmarkStore, the caller's user type behind `userType`.
 */

/** What weekly_trends needs. */
export interface WeeklyTrendsDeps {
  benchmarks: Pick<IndustryBenchmarkStore, 'listTrends' | 'listIndustry'>;
  /** The caller's profile user type (null without a profile or type). */
  userType: (userId: string) => Promise<UserType | null>;
}

/** Industry names by id, and DMA names by code, from the shipped reference lists. */
let names:
  | {
      industries: Map<string, { name: string; parent_name: string | null }>;
      dmas: Map<string, string>;
    }
  | undefined;
function referenceNames() {
  names ??= {
    industries: new Map(
      SHIPPED_IAB_ROWS.map(industryOfRow).map((i) => [
        i.id,
        { name: i.name, parent_name: i.parent_id ? i.parent_name : null },
      ]),
    ),
    dmas: new Map(SHIPPED_DMA_ROWS.map(dmaOfRow).map((d) => [d.code, d.name])),
  };
  return names;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * weekly_trends: 1. check the settings (week_count 1-12, default 3; every DMA code and industry
 * id must exist in the reference lists); 2. the industries with a filed trend, real advertisers
 * (sample-data ones only when no real industry has one, flagged `sample_data`; never mixed);
 * 3. their contributions with weeks per DMA; 4. the table's weeks: week_count Sunday-ended weeks
 * up to the newest one MIN_PEERS advertisers share; 5. one row per chosen industry (every one
 * with data when none chosen) with MIN_PEERS or more advertisers in the chosen markets (every
 * market when none chosen), by name; 6. filter options: industries with MIN_PEERS advertisers,
 * DMAs where MIN_PEERS advertisers have new users; 7. show_badges false for user type self.
 * @throws ValidationError naming `dma_codes` or `industries` for an unknown code or id, or
 *   `week_count` out of range.
 */
export async function weeklyTrends(
  deps: WeeklyTrendsDeps,
  caller: Caller,
  input: unknown,
): Promise<WeeklyTrendsResult> {
  const parsed = weeklyTrendsSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? 'Invalid settings.', issue?.path.join('.'));
  }
  const settings = parsed.data;
  const ref = referenceNames();
  const badDma = settings.dma_codes.find((d) => !ref.dmas.has(d));
  if (badDma) throw new ValidationError(`Unknown DMA code ${badDma}.`, 'dma_codes');
  const badIndustry = settings.industries.find((i) => !ref.industries.has(i));
  if (badIndustry) throw new ValidationError(`Unknown industry ${badIndustry}.`, 'industries');

  let sampleData = false;
  let candidates = [...(await deps.benchmarks.listTrends(false)).keys()];
  if (candidates.length === 0) {
    sampleData = true;
    candidates = [...(await deps.benchmarks.listTrends(true)).keys()];
  }
  const filed = new Map<string, IndustryContribution[]>();
  await Promise.all(
    candidates
      .filter((id) => ref.industries.has(id))
      .map(async (id) => {
        const list = (await deps.benchmarks.listIndustry(id, sampleData)).filter(
          (c) => c.sample_data === sampleData && c.weekly_new_users?.dma_weeks,
        );
        if (list.length >= MIN_PEERS) filed.set(id, list);
      }),
  );

  const all = [...filed.values()].flat();
  const anchor = sharedWeekEnd(all);
  const weekEnds = anchor ? tableWeekEnds(anchor, settings.week_count) : [];
  const chosen = settings.industries.length > 0 ? settings.industries : [...filed.keys()];
  const rows: WeeklyTrendRow[] = [];
  for (const id of chosen) {
    const contributions = filed.get(id);
    const info = ref.industries.get(id);
    if (!contributions || !info) continue;
    const trend = industryWeeklyTrend(contributions, weekEnds, settings.dma_codes);
    if (trend)
      rows.push({ industry_id: id, name: info.name, parent_name: info.parent_name, ...trend });
  }

  const industries = [...filed.keys()]
    .map((id) => ({
      id,
      ...(ref.industries.get(id) as { name: string; parent_name: string | null }),
    }))
    .sort(byName);
  const advertisersPerDma = new Map<string, Set<string>>();
  for (const c of all) {
    for (const [dma, counts] of Object.entries(c.weekly_new_users?.dma_weeks?.by_dma ?? {})) {
      if (!dma || !counts.some((n) => n > 0)) continue;
      const set = advertisersPerDma.get(dma) ?? new Set<string>();
      set.add(c.client_uid);
      advertisersPerDma.set(dma, set);
    }
  }
  const dmas = [...advertisersPerDma]
    .filter(([code, set]) => set.size >= MIN_PEERS && ref.dmas.has(code))
    .map(([code]) => ({ id: code, name: ref.dmas.get(code) as string }))
    .sort(byName);

  return {
    filter_options: { dmas, industries },
    settings,
    week_ends: weekEnds,
    rows: rows.sort(byName),
    show_badges: (await deps.userType(caller.userId)) !== 'self',
    sample_data: sampleData,
  };
}
