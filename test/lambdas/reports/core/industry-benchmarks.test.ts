import { describe, expect, test } from 'vitest';
import { INDUSTRY_SECTIONS } from '#shared/contracts/industry-insights.schema';
import {
  benchmarkSections,
  industryVisitsPerAiring,
  keyIndex,
  MAX_NAMED_BENCHMARK_ROWS,
} from '../../../../lambdas/reports/core/industry-benchmarks';
import type {
  ContributionSection,
  IndustryContribution,
} from '../../../../lambdas/reports/core/industry-contribution';

const section = (
  airings: number,
  visits: number,
  rows: [string, number, number][],
): ContributionSection => ({
  airings,
  visits,
  rows: rows.map(([key, ads, v]) => ({ key, label: key.toUpperCase(), ads, visits: v })),
});

const contribution = (
  uid: string,
  sections: IndustryContribution['sections'],
): IndustryContribution => ({
  client_uid: uid,
  sample_data: false,
  report_id: `r-${uid}`,
  updated_at: '2026-11-01T00:00:00.000Z',
  sections,
});

// Hand-computed: p1 overall 2 visits/airing, prime 4 (index 200), late 1 (50);
// p2 overall 1, prime 3 (300), late has 4 airings (< 5: no index); p3 overall 3, prime 3 (100),
// late 6 (200). Prime: median(200, 300, 100) = 200 over 3 advertisers; late: only 2 indexes.
const p1 = contribution('p1', {
  dayparts: section(100, 200, [
    ['prime', 10, 40],
    ['late', 20, 20],
  ]),
});
const p2 = contribution('p2', {
  dayparts: section(50, 50, [
    ['prime', 5, 15],
    ['late', 4, 2],
  ]),
});
const p3 = contribution('p3', {
  dayparts: section(10, 30, [
    ['prime', 5, 15],
    ['late', 5, 30],
  ]),
});
// The client: overall 2, prime 3 visits per airing (index 150), 8 of its 40 airings there.
const own = contribution('me', {
  dayparts: section(40, 80, [
    ['prime', 8, 24],
    ['late', 2, 1],
  ]),
});
const all = () => true;

describe('industry benchmark rows', () => {
  test('the industry index is the median of the other advertisers’ indexes', () => {
    const [dayparts] = benchmarkSections(own, [p1, p2, p3], all);

    expect(dayparts?.rows).toEqual([
      {
        key: 'prime',
        label: 'PRIME',
        industry_index: 200,
        client_index: 150,
        industry_share: (0.1 + 0.1 + 0.5) / 3,
        client_share: 0.2,
        advertisers: 3,
      },
    ]);
  });

  test('a key with fewer than three other advertisers is not shown (late: two)', () => {
    const [dayparts] = benchmarkSections(own, [p1, p2, p3], all);

    expect(dayparts?.rows.map((r) => r.key)).not.toContain('late');
  });

  test('the client never counts as its own peer', () => {
    const [withSelf] = benchmarkSections(own, [p1, p2, own], all);

    // p1, p2 and the client itself would make three: without the client, prime has two.
    expect(withSelf?.rows).toEqual([]);
  });

  test('the client’s index is null with fewer than five of its airings in the key', () => {
    const thin = contribution('me', { dayparts: section(40, 80, [['prime', 4, 24]]) });

    const [dayparts] = benchmarkSections(thin, [p1, p2, p3], all);

    expect(dayparts?.rows[0]?.client_index).toBeNull();
    expect(dayparts?.rows[0]?.client_share).toBe(0.1);
  });

  test('an advertiser whose overall response is not positive gives no index', () => {
    expect(keyIndex(section(10, 0, []), { ads: 5, visits: 3 })).toBeNull();
    expect(keyIndex(section(10, -4, []), { ads: 5, visits: 3 })).toBeNull();
    expect(keyIndex(section(10, 20, []), { ads: 5, visits: 20 })).toBe(200);
  });

  test('locked sections carry no rows; every section comes back in order', () => {
    const sections = benchmarkSections(own, [p1, p2, p3], (s) => s === 'days');

    expect(sections.map((s) => s.section)).toEqual([...INDUSTRY_SECTIONS]);
    const dayparts = sections.find((s) => s.section === 'dayparts');
    expect(dayparts).toMatchObject({ locked: true, rows: [], title: 'Dayparts' });
    expect(sections.find((s) => s.section === 'days')?.locked).toBe(false);
  });

  test('stations are ordered by industry share and cut to the ten most used', () => {
    const rows = Array.from(
      { length: 14 },
      (_, i) => [`s${i}`, 5 + i, 10 + i] as [string, number, number],
    );
    const peers = ['a', 'b', 'c'].map((uid) =>
      contribution(uid, { stations: section(200, 300, rows) }),
    );

    const stations = benchmarkSections(null, peers, all).find((s) => s.section === 'stations');

    expect(stations?.rows).toHaveLength(MAX_NAMED_BENCHMARK_ROWS);
    expect(stations?.rows[0]?.key).toBe('s13');
    expect(stations?.rows.every((r) => r.client_index === null && r.client_share === 0)).toBe(true);
  });
});

describe('an industry’s typical visits per airing (call-centre records)', () => {
  const advertiser = (uid: string, airings: number, visits: number): IndustryContribution => ({
    client_uid: uid,
    sample_data: false,
    report_id: `r-${uid}`,
    updated_at: '2026-11-22T00:00:00.000Z',
    sections: { dayparts: { airings, visits, rows: [] } },
  });

  test('is the median of its advertisers’ visits per airing', () => {
    const vpa = industryVisitsPerAiring([
      advertiser('a', 100, 150),
      advertiser('b', 50, 200),
      advertiser('c', 10, 5),
      advertiser('d', 0, 0),
    ]);

    expect(vpa).toBe(1.5);
  });

  test('needs three advertisers with airings', () => {
    expect(industryVisitsPerAiring([advertiser('a', 10, 20), advertiser('b', 5, 5)])).toBeNull();
  });
});
