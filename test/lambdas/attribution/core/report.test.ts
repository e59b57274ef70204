import { describe, expect, test } from 'vitest';
import { reportDocumentSchema } from '#shared/contracts/report.schema';
import { buildReportTables, buildSummary } from '../../../../lambdas/attribution/core/report';
import { buildReportDocument } from '../../../../lambdas/attribution/core/report-document';
import type {
  AiringResult,
  AttributionResult,
  CampaignSummary,
} from '../../../../lambdas/attribution/core/types';
import { airing } from './fixtures';

const utc = (iso: string) => Date.parse(iso) / 1000;
// New York, summer (UTC−4): 00:30Z = 20:30 Prime, 12:00Z = 08:00 Early Morning, 13:00Z = 09:00 Daytime.
const airings = [
  airing({
    id: '1',
    station: 'WAAA',
    startUtc: utc('2016-06-01T00:30:00Z'),
    costCents: 5000,
    creative: 'C1',
  }),
  airing({
    id: '2',
    station: 'WAAA',
    startUtc: utc('2016-06-01T12:00:00Z'),
    costCents: 3000,
    creative: 'C2',
  }),
  airing({
    id: '3',
    station: 'WBBB',
    startUtc: utc('2016-06-01T00:45:00Z'),
    costCents: 6000,
    creative: 'C1',
  }),
  airing({
    id: '4',
    station: 'WBBB',
    startUtc: utc('2016-06-01T13:00:00Z'),
    costCents: null,
    creative: 'C1',
  }),
];
const attributed = [10, 2, 6, -2];
const verdict = (id: string, a: number): AiringResult => ({
  airingId: id,
  observed: 20 + a,
  expected: 20,
  attributed: a,
  pValue: 0.5,
  ciLow: a - 9,
  ciHigh: a + 9,
  significant: false,
  directional: false,
  dispersion: 1,
});
const campaign: CampaignSummary = {
  airings: 4,
  totalVisits: 1000,
  attributedVisits: 16,
  observedVisits: 96,
  expectedVisits: 80,
  liftShare: 0.016,
  relativeLift: 0.2,
  relativeLiftLow: 0.06,
  onAirPerMinute: 3,
  offAirPerMinute: 2,
  onAirPerDay: null,
  offAirPerDay: null,
  costCents: 14000,
  significantAirings: 0,
  dispersion: 1,
};
const result: AttributionResult = {
  resolution: 'minute',
  windowMinutes: 8,
  campaign,
  airings: airings.map((a, i) => verdict(a.id, attributed[i] as number)),
};

describe('report tables', () => {
  test('station rows: ads, signed traffic, VPA, contribution, cost per visit and shares, VPA descending', () => {
    const rows = buildReportTables(airings, result, { dimensions: ['station'] }).station ?? [];

    expect(rows.map((r) => r.key)).toEqual(['WAAA', 'WBBB']);
    expect(rows[0]).toMatchObject({
      ads: 2,
      traffic: 12,
      visitsper: 6,
      contribution: 0.75,
      cost_cents: 8000,
      volume_share: 0.5,
      traffic_share: 0.75,
      visitsper_share: 0.75,
      type: 'tv',
      daypart_start: null,
    });
    expect(rows[0]?.cost_per_visit_cents).toBeCloseTo(8000 / 12, 9);
    expect(rows[0]?.roi_raw).toBeCloseTo(12 / 80, 9);
    expect(rows[0]?.creatives).toEqual([
      { creative: 'C1', ads: 1, traffic: 10 },
      { creative: 'C2', ads: 1, traffic: 2 },
    ]);
    expect(rows[1]).toMatchObject({
      ads: 2,
      traffic: 4,
      visitsper: 2,
      contribution: 0.25,
      cost_cents: 6000,
    });
    expect(rows[1]?.cost_per_visit_cents).toBe(1500);
  });

  test('program, network, cable zone and creative rows: airings without a value have no row; a radio program named with one character has none, the same name on TV has one', () => {
    const t = utc('2016-06-01T00:30:00Z');
    const text = [
      airing({ id: 'a', startUtc: t, program: 'X', network: 'ABC', creative: 'C1' }),
      airing({ id: 'b', startUtc: t + 60, program: 'X', stationType: 'radio', station: 'KRAD' }),
      airing({ id: 'c', startUtc: t + 120, program: 'News', cableZone: 'Zone 1', creative: 'C2' }),
      airing({
        id: 'd',
        startUtc: t + 180,
        program: 'News',
        stationType: 'radio',
        station: 'KRAD',
      }),
      airing({ id: 'e', startUtc: t + 240, network: 'ABC', creative: 'C1' }),
      airing({ id: 'f', startUtc: t + 300, creative: '(none)' }),
    ];
    const res: AttributionResult = {
      ...result,
      airings: text.map((a, i) => verdict(a.id, [5, 7, 3, 1, 2, 4][i] as number)),
    };
    const tables = buildReportTables(text, res, {
      dimensions: ['program', 'network', 'cable_zone', 'creative'],
    });
    const rows = (d: 'program' | 'network' | 'cable_zone' | 'creative') =>
      (tables[d] ?? []).map((r) => [r.key, r.ads, r.traffic]);

    expect(rows('program')).toEqual([
      ['X', 1, 5],
      ['News', 2, 4],
    ]);
    expect(rows('network')).toEqual([['ABC', 2, 7]]);
    expect(rows('cable_zone')).toEqual([['Zone 1', 1, 3]]);
    // A creative literally named '(none)' is a row; airings without a creative are not.
    expect(rows('creative')).toEqual([
      ['(none)', 1, 4],
      ['C1', 2, 7],
      ['C2', 1, 3],
    ]);
    expect(tables.program?.[1]?.creatives).toEqual([
      { creative: 'C2', ads: 1, traffic: 3 },
      { creative: '(none)', ads: 1, traffic: 1 },
    ]);
  });

  test('every row of every dimension sums its airings and their creatives, also with more rows × creatives than the dense slot table holds', () => {
    // 2,100 airings, each with its own program and creative: rows × creatives exceeds 2^22.
    const many = Array.from({ length: 2100 }, (_, i) =>
      airing({
        id: `m${i}`,
        startUtc: utc('2016-06-01T00:00:00Z') + i * 3600,
        station: `S${i % 7}`,
        program: `P${i}`,
        creative: i % 3 === 0 ? null : `C${i}`,
        lengthS: [15, 30, 60][i % 3] as number,
        costCents: i % 2 === 0 ? 100 + i : null,
      }),
    );
    const values = many.map((_, i) => ((i * 37) % 23) - 7.5);
    const res: AttributionResult = {
      ...result,
      airings: many.map((a, i) => verdict(a.id, values[i] as number)),
    };
    const tables = buildReportTables(many, res);

    for (const [dim, rows] of Object.entries(tables)) {
      const all = rows ?? [];
      // Each airing is in at most one row per dimension; station, spot length and calendar
      // dimensions hold every airing.
      const ads = all.reduce((sum, r) => sum + r.ads, 0);
      if (dim !== 'network' && dim !== 'cable_zone' && dim !== 'creative') expect(ads).toBe(2100);
      for (const r of all) {
        expect(new Set(r.creatives.map((c) => c.creative)).size).toBe(r.creatives.length);
        const fromCreatives = r.creatives.reduce((sum, c) => sum + c.ads, 0);
        expect(fromCreatives).toBe(r.ads);
        expect(r.creatives.reduce((sum, c) => sum + c.traffic, 0)).toBeCloseTo(r.traffic, 9);
      }
    }
    const station = tables.station?.find((r) => r.key === 'S3');
    const mine = many.flatMap((a, i) => (a.station === 'S3' ? [i] : []));
    expect(station?.ads).toBe(mine.length);
    expect(station?.traffic).toBeCloseTo(
      mine.reduce((sum, i) => sum + (values[i] as number), 0),
      9,
    );
    expect(station?.cost_cents).toBe(mine.reduce((sum, i) => sum + (many[i]?.costCents ?? 0), 0));
    expect(station?.creatives.find((c) => c.creative === '(none)')?.ads).toBe(
      mine.filter((i) => i % 3 === 0).length,
    );
    expect(tables.program?.find((r) => r.key === 'P5')?.creatives).toEqual([
      { creative: 'C5', ads: 1, traffic: values[5] },
    ]);
  });

  test('daypart rows in local time, clock order, negative rows kept signed', () => {
    const rows = buildReportTables(airings, result, { dimensions: ['daypart'] }).daypart ?? [];

    expect(rows.map((r) => [r.label, r.daypart_start, r.ads, r.traffic])).toEqual([
      ['Early Morning', '06:00', 1, 2],
      ['Daytime', '09:00', 1, -2],
      ['Prime', '20:00', 2, 16],
    ]);
    expect(rows[1]).toMatchObject({
      contribution: -0.125,
      cost_cents: null,
      cost_per_visit_cents: null,
      visitsper_share: -0.25,
    });
    expect(rows[2]).toMatchObject({
      visitsper: 8,
      contribution: 1,
      visitsper_share: 1,
      halo: false,
    });
  });

  test('same local minute in New York and Chicago: Chicago TV falls in the hour-earlier daypart', () => {
    // 19:30 local in both: Prime Access in New York (23:30Z), Prime in Chicago (00:30Z, CDT).
    const two = [
      airing({ id: 'ny', startUtc: utc('2016-06-01T23:30:00Z') }),
      airing({
        id: 'chi',
        startUtc: utc('2016-06-02T00:30:00Z'),
        market: '602',
        tz: 'America/Chicago',
      }),
    ];
    const res: AttributionResult = {
      ...result,
      airings: [verdict('ny', 1), verdict('chi', 3)],
    };
    const rows = buildReportTables(two, res, { dimensions: ['daypart'] }).daypart ?? [];

    expect(rows.map((r) => [r.label, r.ads, r.traffic])).toEqual([
      ['Prime Access', 1, 1],
      ['Prime', 1, 3],
    ]);
  });

  test('podcast rows show downloads and visits per download (VPD); streaming rows visits per 1,000 impressions; TV rows none', () => {
    const mixed = [
      airing({
        id: 'p1',
        station: 'Morning Pod',
        stationType: 'podcast',
        startUtc: utc('2016-06-01T12:00:00Z'),
        impressions: 2000,
      }),
      airing({
        id: 'p2',
        station: 'Morning Pod',
        stationType: 'podcast',
        startUtc: utc('2016-06-02T12:00:00Z'),
        impressions: 3000,
      }),
      airing({
        id: 's1',
        station: 'Roku',
        stationType: 'streaming',
        startUtc: utc('2016-06-01T13:00:00Z'),
        impressions: 40_000,
      }),
      airing({ id: 't1', station: 'WAAA', startUtc: utc('2016-06-01T14:00:00Z') }),
    ];
    const res: AttributionResult = {
      ...result,
      airings: [verdict('p1', 20), verdict('p2', 30), verdict('s1', 10), verdict('t1', 4)],
    };

    const rows = buildReportTables(mixed, res, { dimensions: ['station'] }).station ?? [];
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));

    expect(byKey['Morning Pod']).toMatchObject({ type: 'podcast', impressions: 5000 });
    expect(byKey['Morning Pod']?.visits_per_impression).toBeCloseTo(50 / 5000, 12);
    expect(byKey.Roku).toMatchObject({ type: 'streaming', impressions: 40_000 });
    expect(byKey.Roku?.visits_per_impression).toBeCloseTo(10 / 40, 12);
    expect(byKey.WAAA).toMatchObject({ impressions: null, visits_per_impression: null });
  });

  test('summary and document: VPA, cost per visit, the 5% claim, and a schema-valid document', () => {
    const s = buildSummary(campaign);
    const doc = buildReportDocument({
      reportId: 'r1',
      clientUid: 'c1',
      advertiser: 'Acme',
      generatedAt: '2016-11-09T00:00:00.000Z',
      sampleData: true,
      reportDateStart: '2016-05-31',
      reportDateEnd: '2016-06-01',
      method: 'sessions',
      airings,
      result,
    });

    expect(s).toMatchObject({ vpa: 4, cost_per_visit_cents: 14000 / 16, claim_holds: true });
    expect(reportDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.airings[0]).toMatchObject({
      airing_id: '1',
      start_utc: '2016-06-01T00:30:00.000Z',
      dma_code: '501',
    });
    expect(doc.tables.day_of_week.map((r) => r.label)).toEqual(['Tuesday', 'Wednesday']);
    expect(doc.station_types).toEqual(['tv']);
    expect(doc).toMatchObject({
      compare: null,
      report_compare_date_start: null,
      series: { bucket: 'day', points: [] },
    });
  });
});
