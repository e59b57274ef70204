import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { CompaniesRepository } from '#shared/companies/companies';
import {
  INDUSTRY_SECTION_TITLES,
  INDUSTRY_SECTIONS,
  type IndustryInsights,
  type IndustryRow,
  type IndustrySectionId,
  industryInsightsSchema,
} from '#shared/contracts/industry-insights.schema';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import type { IndustryContribution } from '../../../../lambdas/reports/core/industry-contribution';
import type { IndustryInsightsDeps } from '../../../../lambdas/reports/core/industry-insights';
import type { ReportStore } from '../../../../lambdas/reports/core/ports';

/** The industry the fixtures file clients under (IAB "Furniture"). */
export const FURNITURE = '1268';

/** A benchmark row: Morning, industry 140.4 and client 118.6, shares 31.4% and 25%. */
export const industryRow = (over: Partial<IndustryRow> = {}): IndustryRow => ({
  key: 'morning',
  label: 'Morning',
  industry_index: 140.4,
  client_index: 118.6,
  industry_share: 0.314,
  client_share: 0.25,
  advertisers: 4,
  ...over,
});

/**
 * An industry_insights answer for client-a in Furniture compared with 12 advertisers: dayparts
 * (Morning; Overnight with a negative industry index and no own index) and days (Mon) carry rows
 * unless `locked`; the other sections are open without rows unless `locked`.
 */
export function industryAnswer(
  locked: readonly IndustrySectionId[] = [],
  over: Partial<IndustryInsights> = {},
): IndustryInsights {
  const rows: Partial<Record<IndustrySectionId, IndustryRow[]>> = {
    dayparts: [
      industryRow(),
      industryRow({
        key: 'overnight',
        label: 'Overnight',
        industry_index: -12.6,
        client_index: null,
        industry_share: 0.06,
        client_share: 0,
      }),
    ],
    days: [industryRow({ key: 'Mon', label: 'Mon', industry_index: 99.5, client_index: 80.2 })],
  };
  return industryInsightsSchema.parse({
    client_uid: 'client-a',
    industry: { id: FURNITURE, name: 'Furniture' },
    can_set_industry: true,
    advertisers: 12,
    has_own_report: true,
    report_id: 'r-1',
    sample_data: false,
    sections: INDUSTRY_SECTIONS.map((id) => ({
      section: id,
      title: INDUSTRY_SECTION_TITLES[id],
      locked: locked.includes(id),
      rows: locked.includes(id) ? [] : (rows[id] ?? []),
    })),
    updated_at: '2024-04-01T12:00:00.000Z',
    ...over,
  });
}

/** An active subscription of alice's org-a: Industry Insights (every section) by default. */
export function industrySubscription(over: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    subscription_uid: 'sub_1',
    organization_uid: 'org-a',
    source: 'stripe',
    customer_id: 'cus_1',
    plan: 'individual',
    product: 'industry',
    features: [],
    status: 'active',
    amount: 9_900,
    discount_percent: 0,
    current_period_start: '2024-04-01T00:00:00.000Z',
    current_period_end: '2099-05-01T00:00:00.000Z',
    cancel_at_period_end: false,
    subscriber_user_id: 'alice',
    synced_at: '2024-04-01T00:00:00.000Z',
    ...over,
  };
}

/** A furniture advertiser: `mon` visits from its 20 Mon airings (of 100 airings, 100 visits). */
const peer = (uid: string, mon: number): IndustryContribution => ({
  client_uid: uid,
  sample_data: false,
  report_id: `r-${uid}`,
  updated_at: '2024-04-02T00:00:00.000Z',
  sections: {
    days: { airings: 100, visits: 100, rows: [{ key: 'Mon', label: 'Mon', ads: 20, visits: mon }] },
  },
});

/**
 * What industry_insights reads, in memory: three furniture peers with a Mon row, the industries
 * list, and org-a's subscriptions (the live array: push or empty it to change alice's plan).
 */
export async function industryDeps(
  companies: CompaniesRepository,
  store: ReportStore,
  subscriptions: SubscriptionRecord[] = [],
): Promise<IndustryInsightsDeps> {
  const benchmarks = new MemoryIndustryBenchmarks();
  for (const [uid, mon] of [
    ['p1', 20],
    ['p2', 30],
    ['p3', 40],
  ] as const)
    await benchmarks.putInIndustry(FURNITURE, peer(uid, mon));
  return {
    companies,
    benchmarks,
    store,
    industries: {
      get: async <T>() =>
        [{ id: FURNITURE, name: 'Furniture', parent_id: '', parent_name: '' }] as T[],
    },
    entitlements: {
      memberships: { organizationsOf: async () => [{ org: { org_uid: 'org-a' } }] },
      subscriptions: { subscriptionsOf: async () => subscriptions },
    },
  };
}
