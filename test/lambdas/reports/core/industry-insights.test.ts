import { describe, expect, test } from 'vitest';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import { PAYGO_FEATURES, type PaygoFeature } from '#shared/billing/price-table';
import { sectionFlag } from '#shared/contracts/industry-insights.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { MemoryReportStore } from '../../../../lambdas/reports/adapters/memory';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import type { IndustryContribution } from '../../../../lambdas/reports/core/industry-contribution';
import {
  type IndustryInsightsDeps,
  industryInsights,
  recordContribution,
  setClientIndustry,
} from '../../../../lambdas/reports/core/industry-insights';
import { broadcastRow } from '../../../support/broadcast-row';
import { alice, bob, seededCompanies } from '../fakes';
import { industrySubscription } from '../print/industry-fixtures';

const FURNITURE = '1268';
const TIRES = '1100';

const dayparts = (prime: number): IndustryContribution['sections'] => ({
  dayparts: {
    airings: 100,
    visits: 100,
    rows: [{ key: 'prime', label: 'Prime', ads: 10, visits: prime }],
  },
  days: { airings: 100, visits: 100, rows: [{ key: 'Mon', label: 'Mon', ads: 20, visits: 40 }] },
});
const peer = (uid: string, prime: number, sample = false): IndustryContribution => ({
  client_uid: uid,
  sample_data: sample,
  report_id: `r-${uid}`,
  updated_at: `2026-11-0${prime % 9}T00:00:00.000Z`,
  sections: dayparts(prime),
});

/** client-a (alice's, furniture), three furniture peers, one tire peer, and sample peers. */
async function world(subscriptions: SubscriptionRecord[] = []) {
  const companies = await seededCompanies();
  await companies.updateClient('client-a', { industry_id: FURNITURE });
  const benchmarks = new MemoryIndustryBenchmarks();
  for (const [uid, prime] of [
    ['p1', 20],
    ['p2', 30],
    ['p3', 40],
  ] as const) {
    await benchmarks.putInIndustry(FURNITURE, peer(uid, prime));
  }
  await benchmarks.putInIndustry(TIRES, peer('t1', 90));
  for (const uid of ['s1', 's2', 's3'])
    await benchmarks.putInIndustry(FURNITURE, peer(uid, 50, true));
  const store = new MemoryReportStore();
  const deps: IndustryInsightsDeps = {
    companies,
    benchmarks,
    store,
    industries: {
      get: async <T>() =>
        [
          { id: FURNITURE, name: 'Furniture', parent_id: '', parent_name: 'Durable Goods' },
          { id: TIRES, name: 'Tires', parent_id: '', parent_name: 'Automotive' },
        ] as T[],
    },
    entitlements: {
      memberships: { organizationsOf: async () => [{ org: { org_uid: 'org-a' } }] },
      subscriptions: { subscriptionsOf: async () => subscriptions },
    },
  };
  return { deps, companies, benchmarks, store };
}

/** A stored view of a client's report whose prime daypart brings `prime` visits per 10 airings. */
function storedView(clientUid: string, reportId: string, prime: number) {
  return {
    client_uid: clientUid,
    report_id: reportId,
    sample_data: false,
    generated_at: '2026-10-01T00:00:00.000Z',
    summary: { airings: 100, attributed_visits: 100 },
    tables: { daypart: [broadcastRow('prime', 10, prime)] },
  };
}

describe('industry_insights', () => {
  test('without Industry Insights every section is locked and carries no numbers', async () => {
    const { deps } = await world();

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    expect(out.industry).toEqual({ id: FURNITURE, name: 'Furniture' });
    expect(out.advertisers).toBe(3);
    expect(out.sections.every((s) => s.locked && s.rows.length === 0)).toBe(true);
  });

  test('Industry Insights opens every section: prime is the median of 200, 300 and 400', async () => {
    const { deps } = await world([industrySubscription({})]);

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    const prime = out.sections.find((s) => s.section === 'dayparts')?.rows[0];
    expect(prime).toMatchObject({ key: 'prime', industry_index: 300, advertisers: 3 });
    expect(out.sections.every((s) => !s.locked)).toBe(true);
    expect(out.sample_data).toBe(false);
  });

  test('a pay-per-insight unlock opens only its own section', async () => {
    const paygo = industrySubscription({
      plan: 'paygo',
      product: null,
      features: ['days'],
      amount: 1_000,
    });
    const { deps } = await world([paygo]);

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    const open = out.sections.filter((s) => !s.locked).map((s) => s.section);
    expect(open).toEqual(['days']);
  });

  test.each(
    PAYGO_FEATURES.filter((f) => f.flag.startsWith('industry_insights_')).map(
      (f) => [f.feature, f.flag] as const,
    ),
  )('the Starter feature %s opens only the section its flag (%s) names', async (feature, flag) => {
    const paygo = industrySubscription({
      plan: 'paygo',
      product: null,
      features: [feature as PaygoFeature],
      amount: 1_000,
    });
    const { deps } = await world([paygo]);

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    const open = out.sections.filter((s) => !s.locked).map((s) => sectionFlag(s.section));
    expect(open).toEqual([flag]);
    expect(out.sections.filter((s) => s.locked).every((s) => s.rows.length === 0)).toBe(true);
  });

  test('Advertiser Insights alone opens no Industry Insights section', async () => {
    const { deps } = await world([industrySubscription({ product: 'advertiser', amount: 39_900 })]);

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    expect(out.sections.length).toBeGreaterThan(0);
    expect(out.sections.every((s) => s.locked && s.rows.length === 0)).toBe(true);
  });

  test('another customer’s client answers 404, like an unknown one', async () => {
    const { deps } = await world([industrySubscription({})]);

    await expect(industryInsights(deps, bob, { client_uid: 'client-a' })).rejects.toThrow(NotFound);
    await expect(industryInsights(deps, alice, { client_uid: 'nope' })).rejects.toThrow(NotFound);
  });

  test('a client without an industry says so, and that the caller may set it', async () => {
    const { deps, companies } = await world();
    await companies.updateClient('client-a', { industry_id: null });

    const out = await industryInsights(deps, alice, { client_uid: 'client-a' });

    expect(out).toMatchObject({ industry: null, can_set_industry: true, sections: [] });
  });

  test('the demo client is open to everyone and only meets sample data', async () => {
    const { deps, companies } = await world();
    await companies.updateClient('demo-1', { industry_id: FURNITURE });

    const out = await industryInsights(deps, alice, { client_uid: 'demo-1' });

    expect(out.sample_data).toBe(true);
    expect(out.can_set_industry).toBe(false);
    expect(out.sections.every((s) => !s.locked)).toBe(true);
    // Three sample peers at prime 50 visits per 10 airings, overall 1: index 500.
    const prime = out.sections.find((s) => s.section === 'dayparts')?.rows[0];
    expect(prime?.industry_index).toBe(500);
  });
});

describe('industry_insights of a given report', () => {
  /** client-a's latest contribution (prime index 100) and its older report r-old (index 500). */
  async function withOlderReport() {
    const w = await world([industrySubscription({})]);
    await w.benchmarks.putOwn(peer('client-a', 10));
    await w.store.putJson('reports/client-a/r-old/view.json', storedView('client-a', 'r-old', 50));
    await w.store.putJson('reports/client-b/r-b/view.json', storedView('client-b', 'r-b', 50));
    return w;
  }
  const primeOf = (out: Awaited<ReturnType<typeof industryInsights>>) =>
    out.sections.find((s) => s.section === 'dayparts')?.rows[0];

  test('report_id compares that report, not the client’s latest', async () => {
    const { deps } = await withOlderReport();

    const older = await industryInsights(deps, alice, {
      client_uid: 'client-a',
      report_id: 'r-old',
    });
    const latest = await industryInsights(deps, alice, { client_uid: 'client-a' });

    expect(older.report_id).toBe('r-old');
    expect(older.has_own_report).toBe(true);
    expect(primeOf(older)).toMatchObject({ industry_index: 300, client_index: 500 });
    expect(latest.report_id).toBe('r-client-a');
    expect(primeOf(latest)).toMatchObject({ industry_index: 300, client_index: 100 });
  });

  test('an unknown report answers 404 Report', async () => {
    const { deps } = await withOlderReport();

    const call = industryInsights(deps, alice, { client_uid: 'client-a', report_id: 'r-nope' });

    await expect(call).rejects.toThrow(NotFound);
    await expect(call).rejects.toThrow('Report not found.');
  });

  test('another client’s report is not found through this client', async () => {
    const { deps } = await withOlderReport();

    const call = industryInsights(deps, alice, { client_uid: 'client-a', report_id: 'r-b' });

    await expect(call).rejects.toThrow('Report not found.');
  });

  test('another customer’s client still answers 404 Client, with or without a report', async () => {
    const { deps } = await withOlderReport();

    await expect(
      industryInsights(deps, bob, { client_uid: 'client-a', report_id: 'r-old' }),
    ).rejects.toThrow('Client not found.');
    await expect(
      industryInsights(deps, alice, { client_uid: 'client-b', report_id: 'r-b' }),
    ).rejects.toThrow('Client not found.');
  });

  test('a malformed report_id is refused on its field', async () => {
    const { deps } = await withOlderReport();

    const call = industryInsights(deps, alice, { client_uid: 'client-a', report_id: '../r-b' });

    await expect(call).rejects.toThrow(ValidationError);
    await expect(call).rejects.toMatchObject({ field: 'report_id' });
  });

  test('a client without an industry names no report', async () => {
    const { deps, companies } = await withOlderReport();
    await companies.updateClient('client-a', { industry_id: null });

    const out = await industryInsights(deps, alice, { client_uid: 'client-a', report_id: 'r-old' });

    expect(out).toMatchObject({ industry: null, report_id: null, sections: [] });
  });
});

describe('set_client_industry', () => {
  test('moves the client’s latest contribution to the new industry', async () => {
    const { deps, benchmarks } = await world();
    const own = peer('client-a', 10);
    await benchmarks.putOwn(own);
    await benchmarks.putInIndustry(FURNITURE, own);

    await setClientIndustry(deps, alice, { client_uid: 'client-a', industry_id: TIRES });

    const furniture = await benchmarks.listIndustry(FURNITURE, false);
    const tires = await benchmarks.listIndustry(TIRES, false);
    expect(furniture.map((c) => c.client_uid)).not.toContain('client-a');
    expect(tires.map((c) => c.client_uid)).toContain('client-a');
    expect((await deps.companies.getClient('client-a'))?.industry_id).toBe(TIRES);
  });

  test('an unknown industry is refused on its field and changes nothing', async () => {
    const { deps } = await world();

    const call = setClientIndustry(deps, alice, { client_uid: 'client-a', industry_id: '99999' });

    await expect(call).rejects.toThrow(ValidationError);
    await expect(call).rejects.toMatchObject({ field: 'industry_id' });
    expect((await deps.companies.getClient('client-a'))?.industry_id).toBe(FURNITURE);
  });

  test('the demo client is read-only and other customers cannot see the client', async () => {
    const { deps } = await world();

    await expect(
      setClientIndustry(deps, alice, { client_uid: 'demo-1', industry_id: TIRES }),
    ).rejects.toThrow(Forbidden);
    await expect(
      setClientIndustry(deps, bob, { client_uid: 'client-a', industry_id: TIRES }),
    ).rejects.toThrow(NotFound);
  });
});

describe('the Store step’s contribution', () => {
  const doc = {
    client_uid: 'client-a',
    report_id: 'r9',
    sample_data: false,
    summary: { airings: 10, attributed_visits: 30 },
    tables: { daypart: [broadcastRow('Prime', 10, 30)] },
  } as unknown as ReportDocument;

  test('is filed under the client’s industry and kept as its latest', async () => {
    const { benchmarks } = await world();

    await recordContribution(
      benchmarks,
      { industry_id: FURNITURE },
      doc,
      '2026-11-23T00:00:00.000Z',
    );

    expect((await benchmarks.getOwn('client-a'))?.report_id).toBe('r9');
    const filed = await benchmarks.listIndustry(FURNITURE, false);
    expect(filed.find((c) => c.client_uid === 'client-a')?.sections.dayparts?.visits).toBe(30);
  });

  test('with weekly new users it renews the industry’s weekly trend', async () => {
    const { benchmarks } = await world();
    const weeks = (uid: string, w: number[]) => ({
      ...peer(uid, 20),
      weekly_new_users: { week_end: '2026-11-21', weeks: w },
    });
    await benchmarks.putInIndustry(FURNITURE, weeks('p1', [100, 100, 100, 100]));
    await benchmarks.putInIndustry(FURNITURE, weeks('p2', [100, 100, 100, 100]));

    await recordContribution(benchmarks, { industry_id: FURNITURE }, doc, '2026-11-23T00:00:00Z', {
      week_end: '2026-11-22',
      weeks: [100, 130, 130, 130],
    });

    expect((await benchmarks.listTrends(false)).get(FURNITURE)).toEqual({
      avg_newusers_delta_pct_from_prev: 3.3,
      advertisers: 3,
      week_end: '2026-11-22',
      sample_data: false,
    });
  });

  test('without an industry it is only kept as the client’s latest', async () => {
    const { benchmarks } = await world();

    await recordContribution(benchmarks, { industry_id: null }, doc, '2026-11-23T00:00:00.000Z');

    expect(await benchmarks.getOwn('client-a')).not.toBeNull();
    expect((await benchmarks.listIndustry(FURNITURE, false)).map((c) => c.client_uid)).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
  });
});
