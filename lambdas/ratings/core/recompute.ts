import type { RatingsKind } from '#shared/contracts/ratings.schema';
import { computePeriod, type EligibleContribution } from './compute';
import { countsIn } from './eligibility';
import type { PeriodResult, PublishedPeriod } from './model';
import type {
  IndustryRoot,
  RatingsClientRecord,
  RatingsClients,
  RatingsClock,
  RatingsResults,
  RatingsSources,
  RatingsStations,
} from './ports';
import { monthEnded } from './publication';

/** What a recompute reads and writes. */
export interface RecomputeDeps {
  sources: RatingsSources;
  results: RatingsResults;
  clients: RatingsClients;
  stations: RatingsStations;
  industryRoot: IndustryRoot;
  clock: RatingsClock;
}

/** Options of a recompute. */
export interface RecomputeOptions {
  /** Kinds to recompute. @default ['real', 'sample'] */
  kinds?: readonly RatingsKind[];
  /**
   * Rewrite periods already published (staff CLI, bench). Without it a published period is
   * frozen: joining or leaving a cohort afterwards changes nothing anyone can see.
   * @default false
   */
  force?: boolean;
}

/** What a recompute did, per kind. */
export interface RecomputeSummary {
  published: { kind: RatingsKind; period: string; rated: number; withheld: number }[];
  /** Ended months left as they were (already published). */
  frozen: number;
  /** Months not ended yet. */
  open: number;
}

/**
 * Publishes the ended months of each kind that are not published yet (all ended months with
 * `force`), oldest first, so each period's movement compares with the one before.
 * Steps: 1. list the kind's months and its published periods; 2. per ended month to publish:
 * read its contributions, 3. read the client records and keep only eligible clients (countsIn),
 * taking org and industry from the record; 4. compute (compute.ts) against the previous
 * published period; 5. publish.
 */
export async function recomputeRatings(
  deps: RecomputeDeps,
  opts: RecomputeOptions = {},
): Promise<RecomputeSummary> {
  const summary: RecomputeSummary = { published: [], frozen: 0, open: 0 };
  const now = deps.clock.now();
  const resolveStation = await deps.stations.resolver();
  const records = new Map<string, RatingsClientRecord>();
  for (const kind of opts.kinds ?? (['real', 'sample'] as const)) {
    const published = await deps.results.periods(kind);
    const months = (await deps.sources.months(kind)).sort();
    const entitled = new Map<string, Promise<boolean>>();
    for (const month of months) {
      if (!monthEnded(month, now)) {
        summary.open += 1;
        continue;
      }
      if (!opts.force && published.some((p) => p.period === month)) {
        summary.frozen += 1;
        continue;
      }
      const filed = await deps.sources.listMonth(kind, month);
      // Each client's record is read once per recompute, whatever the months it filed.
      const missing = filed.map((c) => c.client_uid).filter((u) => !records.has(u));
      if (missing.length > 0)
        for (const [u, r] of await deps.clients.records(missing)) records.set(u, r);
      const eligible: EligibleContribution[] = [];
      for (const c of filed) {
        const record = records.get(c.client_uid) ?? null;
        if (!record) continue;
        const org = record.org_uid;
        if (kind === 'real' && !entitled.has(org)) entitled.set(org, deps.clients.orgEntitled(org));
        const orgOk = kind === 'real' ? await (entitled.get(org) as Promise<boolean>) : false;
        if (!countsIn(kind, record, orgOk)) continue;
        const industry = record.industry_id ?? null;
        eligible.push({
          ...c,
          org_uid: org,
          industry_id: industry,
          industry_root: industry ? deps.industryRoot(industry) : null,
        });
      }
      const previousEntry = published.find((p) => p.period < month) ?? null;
      const previous = previousEntry ? await deps.results.read(kind, previousEntry) : null;
      const result: PeriodResult = computePeriod({
        kind,
        period: month,
        computedAt: now.toISOString(),
        contributions: eligible,
        resolveStation,
        previous,
      });
      const entry: PublishedPeriod = await deps.results.publish(result);
      const at = published.findIndex((p) => p.period === month);
      if (at >= 0) published.splice(at, 1);
      published.push(entry);
      published.sort((a, b) => b.period.localeCompare(a.period));
      summary.published.push({
        kind,
        period: month,
        rated: result.rows.length,
        withheld: result.withheld.length,
      });
    }
  }
  return summary;
}
