import { describe, expect, it } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { FamilyGenerateRequest } from '#shared/contracts/families.schema';
import { buildFamilyDocument } from '../../../lambdas/families/core/build';
import type { PeriodFigures, PeriodReports } from '../../../lambdas/families/core/ports';
import { figures, row } from './family-fixture';

/**
 * The client families' numbers on a small hand-computed client. October 2026:
 * WAAA 4 airings 40 visits (VPA 10), WBBB 5/25 (5), WCCC 3/6 (2), WDDD 2/30 (15, too few airings
 * to rank); 14 airings, 101 visits, VPA 101/14 = 7.214, spend $1,400 (100 $ an airing), cost per
 * visit 140000/101 = 1386.1 cents. September 2026: WAAA 4/20 (VPA 5, $400, 2000 cents a visit).
 * October 2025: nothing.
 */
const october = figures(
  [row('WAAA', 4, 40), row('WBBB', 5, 25), row('WCCC', 3, 6), row('WDDD', 2, 30)],
  {
    daypart: [row('Prime', 6, 60), row('Daytime', 8, 41)],
    creative: [row('SPOT-A', 7, 70), row('SPOT-B', 7, 31)],
  },
);
const september = figures([row('WAAA', 4, 20)]);

const alice: Caller = {
  userId: 'alice',
  email: 'alice@example.com',
  emailVerified: true,
  staff: false,
  agent: false,
};

async function setup(byRange: Record<string, PeriodFigures | null>) {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-a');
  await companies.putClient({
    client_uid: 'client-a',
    org_uid: 'org-a',
    name: 'Acme Mattress',
    sample_data: false,
    demo: false,
    postlog_timezone: 'America/New_York',
    airings: 20,
    first_airing_utc: '2025-01-01T00:00:00.000Z',
    last_airing_utc: '2026-10-31T00:00:00.000Z',
    latest_report_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  const runs: Array<{ range: string; stream: boolean }> = [];
  const periods: PeriodReports = {
    run: async (_client, range, filter) => {
      const key = `${range.date_start}..${range.date_end}`;
      runs.push({ range: key, stream: filter.stream === true });
      return byRange[key] ?? null;
    },
  };
  const deps = { companies, periods, clock: { now: () => new Date('2026-11-26T12:00:00Z') } };
  return { deps, runs };
}

const monthly = (over: Partial<FamilyGenerateRequest> = {}): FamilyGenerateRequest => ({
  kind: 'monthly',
  client_uid: 'client-a',
  month: '2026-10',
  ...over,
});

describe('the monthly report of a client', () => {
  it('compares the month with the month before and the same month last year', async () => {
    const { deps, runs } = await setup({
      '2026-10-01..2026-10-31': october,
      '2026-09-01..2026-09-30': september,
    });
    const doc = await buildFamilyDocument(deps, alice, monthly());
    expect(runs.map((r) => r.range).sort()).toEqual([
      '2025-10-01..2025-10-31',
      '2026-09-01..2026-09-30',
      '2026-10-01..2026-10-31',
    ]);
    expect(doc.period).toEqual({ start: '2026-10-01', end: '2026-10-31', label: 'October 2026' });
    const kpi = (label: string) => doc.kpis.find((k) => k.label === label);
    expect(kpi('Attributed visits')).toEqual({
      label: 'Attributed visits',
      unit: 'visits',
      value: 101,
      prev: 20,
      yoy: null,
    });
    expect(kpi('Airings')).toMatchObject({ value: 14, prev: 4, yoy: null });
    expect(kpi('Visits per airing')?.value).toBeCloseTo(101 / 14, 10);
    expect(kpi('Visits per airing')?.prev).toBe(5);
    expect(kpi('Spend')).toMatchObject({ value: 140_000, prev: 40_000, unit: 'cents' });
    expect(kpi('Cost per visit')?.value).toBeCloseTo(140_000 / 101, 10);
    expect(doc.executive.headline).toBe(
      '101 attributed visits from 14 airings in October 2026, +405% against September 2026.',
    );
  });

  it('names the best and weakest stations among those with three airings or more', async () => {
    const { deps } = await setup({ '2026-10-01..2026-10-31': october });
    const doc = await buildFamilyDocument(deps, alice, monthly());
    const table = (title: string) => {
      const s = doc.sections.find((x) => x.title === title);
      return s?.kind === 'table' ? s.rows : null;
    };
    expect(table('Best stations')?.map((r) => [r.label, r.airings, r.vpa])).toEqual([
      ['WAAA', 4, 10],
      ['WBBB', 5, 5],
    ]);
    expect(table('Weakest stations')?.map((r) => r.label)).toEqual(['WCCC']);
    expect(table('Best stations')?.[0]?.share).toBeCloseTo(40 / 101, 10);
    expect(table('Dayparts')?.map((r) => r.label)).toEqual(['Prime', 'Daytime']);
    expect(table('Creatives')?.map((r) => [r.label, r.visits])).toEqual([
      ['SPOT-A', 70],
      ['SPOT-B', 31],
    ]);
  });

  it('recommends in plain words from the numbers', async () => {
    const { deps } = await setup({
      '2026-10-01..2026-10-31': october,
      '2026-09-01..2026-09-30': september,
    });
    const doc = await buildFamilyDocument(deps, alice, monthly());
    const recs = doc.sections.find((s) => s.title === 'Recommendations');
    expect(recs?.kind === 'text' && recs.paragraphs).toEqual([
      'Move weight toward WAAA: 10.00 visits per airing over 4 airings, 38.6% above the average of 7.21.',
      'Review WCCC: 2.00 visits per airing over 3 airings, 72.3% below average; fewer spots there or another daypart should pay off.',
      'Prime brings the most visits per airing (10.00); schedule more airings there.',
      'Creative SPOT-A outperforms SPOT-B (10.00 against 4.43 visits per airing): rotate toward SPOT-A.',
      'Visits per airing rose 44.3% against September 2026: keep what changed.',
      'Each visit cost $13.86, down 30.7% on September 2026.',
    ]);
    expect(doc.executive.bullets[0]).toBe('Best station: WAAA, 10.00 visits per airing.');
  });

  it('with executive only, keeps the summary page and drops every section', async () => {
    const { deps } = await setup({ '2026-10-01..2026-10-31': october });
    const doc = await buildFamilyDocument(deps, alice, monthly({ executive_only: true }));
    expect(doc.sections).toEqual([]);
    expect(doc.kpis.length).toBeGreaterThan(0);
    expect(doc.executive.bullets.length).toBeGreaterThan(0);
  });

  it('refuses a client the caller may not see, the same as an unknown one', async () => {
    const { deps, runs } = await setup({});
    await deps.companies.putClient({
      ...(await deps.companies.getClient('client-a'))!,
      client_uid: 'client-b',
      org_uid: 'org-b',
    });
    await expect(
      buildFamilyDocument(deps, alice, monthly({ client_uid: 'client-b' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
    expect(runs).toEqual([]);
  });
});

describe('a station with no response', () => {
  it('is named for review without a percent below average', async () => {
    const { deps } = await setup({
      '2026-10-01..2026-10-31': figures([
        row('WAAA', 4, 40),
        row('WBBB', 4, 20),
        row('WCCC', 4, -4),
      ]),
    });
    const doc = await buildFamilyDocument(deps, alice, monthly());
    const recs = doc.sections.find((s) => s.title === 'Recommendations');
    expect(recs?.kind === 'text' && recs.paragraphs[1]).toBe(
      'Review WCCC: -1.00 visits per airing over 4 airings, no measurable response; fewer spots there or another daypart should pay off.',
    );
  });
});

describe('the monthly report of a campaign', () => {
  const campaign: Campaign = {
    campaign_uid: 'camp-1',
    created_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-01T00:00:00.000Z',
    client_uid: 'client-a',
    name: 'Fall push',
    flight_start: '2026-10-10',
    flight_end: '2026-12-31',
    budget_cents: 500_000,
    goal: { kind: 'visits', target: 1000 },
    station_ids: ['WAAA'],
    creative_ids: [],
    dmas: [],
  };

  it("covers the month's days inside the flight, on the campaign's stations only", async () => {
    const { deps } = await setup({ '2026-10-10..2026-10-31': october });
    const seen: Array<{ range: string; stations: string[] }> = [];
    const periods = deps.periods;
    const doc = await buildFamilyDocument(
      {
        ...deps,
        periods: {
          run: async (c, r, f) => {
            seen.push({
              range: `${r.date_start}..${r.date_end}`,
              stations: f.campaign?.stations ?? [],
            });
            return periods.run(c, r, f);
          },
        },
        campaigns: { get: async (_c, uid) => (uid === 'camp-1' ? campaign : null) },
      },
      alice,
      monthly({ campaign_uid: 'camp-1' }),
    );
    expect(doc.period).toMatchObject({ start: '2026-10-10', end: '2026-10-31' });
    // Like with like: the flight's days of the month in September (to its 30th) and last October.
    expect(seen.map((s) => s.range).sort()).toEqual([
      '2025-10-10..2025-10-31',
      '2026-09-10..2026-09-30',
      '2026-10-10..2026-10-31',
    ]);
    expect(doc.subtitle).toBe(
      'Monthly report · campaign Fall push · compared with September 10-30, 2026 and October 10-31, 2025',
    );
    expect(seen.every((s) => s.stations.join() === 'WAAA')).toBe(true);
  });

  it('names campaign_uid when the flight misses the month, and refuses an unknown campaign', async () => {
    const { deps } = await setup({});
    const withCampaign = {
      ...deps,
      campaigns: { get: async (_c: string, uid: string) => (uid === 'camp-1' ? campaign : null) },
    };
    await expect(
      buildFamilyDocument(
        withCampaign,
        alice,
        monthly({ month: '2026-09', campaign_uid: 'camp-1' }),
      ),
    ).rejects.toMatchObject({ field: 'campaign_uid' });
    await expect(
      buildFamilyDocument(withCampaign, alice, monthly({ campaign_uid: 'other' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe('the monthly streaming and podcast report', () => {
  it('counts impressions, visits per 1,000 impressions and visits per download', async () => {
    // CTV-X: 4 airings, 20 visits on 50,000 impressions (0.4 per 1,000); POD-Y: 3 airings,
    // 9 visits on 3,000 downloads (VPD 0.003). September: CTV-X 2 airings, 10 visits on 40,000.
    const now = figures([
      row('CTV-X', 4, 20, { type: 'streaming', impressions: 50_000, visits_per_impression: 0.4 }),
      row('POD-Y', 3, 9, { type: 'podcast', impressions: 3_000, visits_per_impression: 0.003 }),
    ]);
    const before = figures([
      row('CTV-X', 2, 10, { type: 'streaming', impressions: 40_000, visits_per_impression: 0.25 }),
    ]);
    const { deps, runs } = await setup({
      '2026-10-01..2026-10-31': now,
      '2026-09-01..2026-09-30': before,
    });
    const doc = await buildFamilyDocument(deps, alice, monthly({ kind: 'monthly_ng' }));
    expect(runs.every((r) => r.stream)).toBe(true);
    const kpi = (label: string) => doc.kpis.find((k) => k.label === label);
    expect(kpi('Attributed visits')).toMatchObject({ value: 29, prev: 10 });
    expect(kpi('Airings')).toMatchObject({ value: 7, prev: 2 });
    expect(kpi('Impressions')).toMatchObject({ value: 50_000, prev: 40_000 });
    expect(kpi('Visits per 1,000 impressions')?.value).toBeCloseTo(0.4, 10);
    expect(kpi('Visits per 1,000 impressions')?.prev).toBeCloseTo(0.25, 10);
    expect(kpi('Downloads')).toMatchObject({ value: 3_000, prev: 0 });
    expect(kpi('Visits per download (VPD)')?.value).toBeCloseTo(0.003, 10);
    expect(doc.executive.bullets.slice(0, 2)).toEqual([
      'Streaming: 0.4 visits per 1,000 impressions.',
      'Podcasts: 0.003 visits per download.',
    ]);
    const stations = doc.sections.find((s) => s.title === 'Streaming and podcast stations');
    expect(stations?.kind === 'table' && stations.rows).toEqual([
      { label: 'CTV-X', type: 'Streaming', airings: 4, impressions: 50_000, visits: 20, vpd: 0.4 },
      { label: 'POD-Y', type: 'Podcast', airings: 3, impressions: 3_000, visits: 9, vpd: 0.003 },
    ]);
  });
});

describe('the quarterly report of a client', () => {
  it('draws the weekly trend over every week of the quarter and compares quarters', async () => {
    // Q3 2026 (07/01-09/30) touches ISO weeks 27 (Monday 06/29) to 40 (Monday 09/28).
    const q3 = figures([row('WAAA', 5, 40)], {
      week_number: [
        row('Week 27', 2, 10, { key: '2026-W27' }),
        row('Week 30', 3, 30, { key: '2026-W30' }),
      ],
    });
    const q2 = figures([row('WAAA', 4, 20)]);
    const q3LastYear = figures([row('WAAA', 2, 50)]);
    const { deps } = await setup({
      '2026-07-01..2026-09-30': q3,
      '2026-04-01..2026-06-30': q2,
      '2025-07-01..2025-09-30': q3LastYear,
    });
    const doc = await buildFamilyDocument(deps, alice, {
      kind: 'quarterly',
      client_uid: 'client-a',
      quarter: '2026-Q3',
    });
    expect(doc.period.label).toBe('Q3 2026');
    const chart = doc.sections.find((s) => s.kind === 'chart');
    if (chart?.kind !== 'chart') throw new Error('no chart');
    const visits = chart.series.find((s) => s.label === 'Attributed visits')?.points ?? [];
    expect(visits).toHaveLength(14);
    expect(visits[0]).toEqual({ x: '06/29', y: 10 });
    expect(visits[3]).toEqual({ x: '07/20', y: 30 });
    expect(visits.filter((p) => p.y > 0)).toHaveLength(2);
    const qoq = doc.sections.find((s) => s.title === 'Quarter over quarter');
    if (qoq?.kind !== 'table') throw new Error('no table');
    expect(qoq.columns.map((c) => c.label)).toEqual([
      'Measure',
      'Q3 2026',
      'Q2 2026',
      'Change',
      'Q3 2025',
      'Change',
    ]);
    expect(qoq.rows[0]).toEqual({
      label: 'Attributed visits',
      now: '40',
      prev: '20',
      prev_change: 1,
      yoy: '50',
      yoy_change: -0.2,
    });
    expect(doc.executive.bullets[0]).toBe(
      'Strongest week: the week of 07/20/2026, 30 attributed visits from 3 airings.',
    );
  });
});
