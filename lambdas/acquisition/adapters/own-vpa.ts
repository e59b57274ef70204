import type { IndustryBenchmarkStore } from '../../reports/core/industry-benchmarks';
import type { OwnVpaSource } from '../core/ports';

/** Website sections of a contribution: each counts every airing and its visits. */
const WEBSITE_SECTIONS = ['stations', 'dayparts', 'days', 'ad_durations'] as const;

/**
 * The advertiser's own VPA from its latest report's Industry Insights contribution (the reports
 * context files one per report): its visits / its airings over the report. Null before a report,
 * without airings, or when the response is not positive.
 */
export class ContributionOwnVpa implements OwnVpaSource {
  constructor(private readonly store: Pick<IndustryBenchmarkStore, 'getOwn'>) {}

  async ownVpa(clientUid: string): Promise<number | null> {
    const own = await this.store.getOwn(clientUid);
    const section = WEBSITE_SECTIONS.map((s) => own?.sections[s]).find((s) => s !== undefined);
    if (!section || section.airings <= 0) return null;
    const vpa = section.visits / section.airings;
    return vpa > 0 ? vpa : null;
  }
}
