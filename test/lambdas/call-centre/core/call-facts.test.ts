import { describe, expect, test } from 'vitest';
import {
  advertiserSlug,
  buildCallFacts,
  sizeOf,
} from '../../../../lambdas/call-centre/core/call-facts';
import type { MonitoredAiring } from '../../../../lambdas/call-centre/core/ports';

const at = (iso: string) => Date.parse(iso) / 1000;

function air(
  advertiser: string,
  day: string,
  extra: Partial<MonitoredAiring> = {},
): MonitoredAiring {
  return {
    advertiser,
    industry_id: '1553',
    station: 'WADMO',
    market: '501',
    program: 'Morning News',
    start_utc: at(`${day}T15:00:00Z`),
    length_s: 30,
    cost_cents: null,
    ...extra,
  };
}

const INDUSTRIES = new Map([['1553', 'Automotive Ownership']]);
const byName = (facts: ReturnType<typeof buildCallFacts>, name: string) => {
  const f = facts.find((x) => x.name === name);
  if (!f) throw new Error(`no ${name}`);
  return f;
};

describe('buildCallFacts counters', () => {
  // The log runs 2024-01-01 .. 2024-01-28: four whole weeks ending on as_of 2024-01-28.
  const log = [
    air('Acme Motors', '2024-01-03'),
    air('Acme Motors', '2024-01-10'),
    air('Acme Motors', '2024-01-17'),
    air('Acme Motors', '2024-01-24'),
    air('Acme Motors', '2024-01-28'),
    air('Bolt Auto', '2024-01-01'),
    air('Bolt Auto', '2024-01-20'),
  ];

  test('measures days since first spot and last campaign to the last day of the whole log', () => {
    const facts = buildCallFacts(log, INDUSTRIES);

    expect(byName(facts, 'Acme Motors')).toMatchObject({
      as_of: '2024-01-28',
      days_since_first_spot: 25,
      days_since_campaign: 0,
    });
    expect(byName(facts, 'Bolt Auto')).toMatchObject({
      as_of: '2024-01-28',
      days_since_first_spot: 27,
      days_since_campaign: 8,
    });
  });

  test('is always on air only when it aired in each of the last four 7-day weeks', () => {
    const facts = buildCallFacts(log, INDUSTRIES);

    expect(byName(facts, 'Acme Motors').always_on_air).toBe(true);
    // Bolt aired in the weeks ending 01-07 and 01-21 only.
    expect(byName(facts, 'Bolt Auto').always_on_air).toBe(false);
  });

  test('looks at fewer weeks when the log is shorter than four weeks', () => {
    // 10-day log (01-01 .. 01-10): two weeks, 01-04..01-10 and 12-28..01-03.
    const short = [air('Acme Motors', '2024-01-02'), air('Acme Motors', '2024-01-10')];

    const [facts] = buildCallFacts([...short, air('Other Co', '2024-01-01')], INDUSTRIES);

    expect(facts).toMatchObject({ name: 'Acme Motors', always_on_air: true });
  });

  test('uses the day in UTC, whatever the hour', () => {
    const late = [
      air('Acme Motors', '2024-01-01', { start_utc: at('2024-01-01T00:00:00Z') }),
      air('Acme Motors', '2024-01-02', { start_utc: at('2024-01-02T23:59:59Z') }),
    ];

    const [facts] = buildCallFacts(late, INDUSTRIES);

    expect(facts).toMatchObject({ as_of: '2024-01-02', days_since_first_spot: 1 });
  });
});

describe('size by airings per week over the log span', () => {
  test.each([
    [0.5, 'small'],
    [10, 'small'],
    [10.25, 'medium'],
    [50, 'medium'],
    [50.25, 'large'],
    [200, 'large'],
    [200.25, 'xl'],
  ] as const)('%d airings a week is %s', (perWeek, size) => {
    expect(sizeOf(perWeek)).toBe(size);
  });

  test.each([
    [40, 'small'],
    [41, 'medium'],
    [200, 'medium'],
    [201, 'large'],
    [801, 'xl'],
  ] as const)('%d airings in a 4-week log is %s', (count, size) => {
    const days = Array.from(
      { length: count },
      (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    );

    const [facts] = buildCallFacts(
      days.map((d) => air('Acme Motors', d)),
      INDUSTRIES,
    );

    expect(facts?.size).toBe(size);
  });
});

describe('spend and competitors', () => {
  const log = [
    air('Acme Motors', '2024-01-01', { cost_cents: 1000 }),
    air('Acme Motors', '2024-01-02', { cost_cents: null }),
    air('Bolt Auto', '2024-01-01', { cost_cents: 3000 }),
    air('Carr Cars', '2024-01-01', { cost_cents: 1500 }),
    air('Carr Cars', '2024-01-02', { cost_cents: 1500 }),
    air('Dyno Dealers', '2024-01-01'),
    air('Dyno Dealers', '2024-01-02'),
    air('Dyno Dealers', '2024-01-03'),
    air('Mystery Ltd', '2024-01-01', { industry_id: '', cost_cents: 99 }),
  ];

  test('sums cost cents, or null when none of its airings has a cost', () => {
    const facts = buildCallFacts(log, INDUSTRIES);

    expect(byName(facts, 'Acme Motors').spend).toBe(1000);
    expect(byName(facts, 'Carr Cars').spend).toBe(3000);
    expect(byName(facts, 'Dyno Dealers').spend).toBeNull();
  });

  test('lists others of the same industry by spend, then airings, never itself', () => {
    const facts = buildCallFacts(log, INDUSTRIES);

    expect(byName(facts, 'Acme Motors').competitor_list).toEqual([
      { id: 'carr-cars', advertiser: 'Carr Cars', spend: 3000, airings: 2 },
      { id: 'bolt-auto', advertiser: 'Bolt Auto', spend: 3000, airings: 1 },
      { id: 'dyno-dealers', advertiser: 'Dyno Dealers', spend: null, airings: 3 },
    ]);
    expect(byName(facts, 'Carr Cars').competitor_list.map((c) => c.id)).toEqual([
      'bolt-auto',
      'acme-motors',
      'dyno-dealers',
    ]);
  });

  test('keeps at most five competitors', () => {
    const many = Array.from({ length: 8 }, (_, i) => air(`Dealer ${i}`, '2024-01-01'));

    const facts = buildCallFacts(many, INDUSTRIES);

    expect(facts.every((f) => f.competitor_list.length === 5)).toBe(true);
  });

  test('gives an advertiser of unknown industry no competitors and an empty industry', () => {
    const mystery = byName(buildCallFacts(log, INDUSTRIES), 'Mystery Ltd');

    expect(mystery).toMatchObject({ industry: '', industry_id: '', competitor_list: [] });
    expect(byName(buildCallFacts(log, INDUSTRIES), 'Acme Motors').industry).toBe(
      'Automotive Ownership',
    );
  });

  test('names an industry by its IAB id when the reference list was never loaded', () => {
    const facts = buildCallFacts(log, new Map());

    expect(byName(facts, 'Acme Motors').industry).toMatch(/^Industry \d+$/);
    expect(byName(facts, 'Mystery Ltd').industry).toBe('');
  });
});

describe('ids, lists and order', () => {
  test('groups spellings of a name and ids it by a slug', () => {
    const facts = buildCallFacts(
      [
        air('Acme  Motors', '2024-01-01'),
        air('ACME MOTORS ', '2024-01-02'),
        air('Acme Motors', '2024-01-03'),
        air('Acme-Motors!', '2024-01-04'),
      ],
      INDUSTRIES,
    );

    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({
      id: 'acme-motors',
      uid: 'acme-motors',
      name: 'Acme Motors',
      airings: 4,
    });
  });

  test('adds a stable hash when long names share their cut slug; a whole slug stays bare', () => {
    const x = 'x'.repeat(60);
    const one = buildCallFacts([air(x, '2024-01-01'), air(`${x} one`, '2024-01-01')], INDUSTRIES);
    const two = buildCallFacts(
      [air(`${x} two`, '2024-01-02'), air(`${x} one`, '2024-01-02'), air(x, '2024-01-02')],
      INDUSTRIES,
    );

    expect(byName(one, x).id).toBe(x);
    expect(byName(one, `${x} one`).id).toMatch(new RegExp(`^${x}-[0-9a-z]{7}$`));
    expect(byName(two, `${x} one`).id).toBe(byName(one, `${x} one`).id);
    expect(byName(two, `${x} two`).id).not.toBe(byName(two, `${x} one`).id);
    expect(byName(two, x).id).toBe(x);
  });

  test.each([
    ['Café Olé & Sons', 'cafe-ole-sons'],
    ['  --Hi--  ', 'hi'],
    ['!!!', 'advertiser'],
    [`${'x'.repeat(59)} yz`, 'x'.repeat(59)],
  ])('slug of %j is %j', (name, slug) => {
    expect(advertiserSlug(name)).toBe(slug);
    expect(advertiserSlug(name).length).toBeLessThanOrEqual(60);
  });

  test('lists programs, markets and stations most airings first, capped', () => {
    const log = [
      air('Acme Motors', '2024-01-01', { program: 'B Show', market: '602', station: 'KADMO' }),
      air('Acme Motors', '2024-01-01', { program: 'A Show', market: '602', station: 'KADMO' }),
      air('Acme Motors', '2024-01-01', { program: 'C Show', market: '501' }),
      air('Acme Motors', '2024-01-01', { program: 'C Show', market: '623', station: '' }),
    ];

    const [facts] = buildCallFacts(log, INDUSTRIES, { maxPrograms: 2, maxStations: 1 });

    expect(facts?.program_list).toEqual(['C Show', 'A Show']);
    expect(facts?.markets).toEqual(['602', '501', '623']);
    expect(facts?.stations).toEqual(['KADMO']);
    expect(facts?.industry_summary).toEqual({ sessions_per_airing: null });
  });

  test('orders by airings, then name, the same for any input order', () => {
    const log = [
      air('Zed Co', '2024-01-01'),
      air('Alpha Co', '2024-01-01'),
      air('Mid Co', '2024-01-01'),
      air('Mid Co', '2024-01-02'),
    ];

    const names = buildCallFacts(log, INDUSTRIES).map((f) => f.name);
    const reversed = buildCallFacts([...log].reverse(), INDUSTRIES).map((f) => f.name);

    expect(names).toEqual(['Mid Co', 'Alpha Co', 'Zed Co']);
    expect(reversed).toEqual(names);
  });

  test('returns nothing for an empty log', () => {
    expect(buildCallFacts([], INDUSTRIES)).toEqual([]);
  });
});
