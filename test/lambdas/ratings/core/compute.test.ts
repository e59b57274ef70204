import { describe, expect, test } from 'vitest';
import { computePeriod, type EligibleContribution } from '../../../../lambdas/ratings/core/compute';
import { contribution, slot } from '../support/memory-ratings';

/**
 * Org i airs 10 spots on WABC bringing 10·v visits, and 10 spots elsewhere bringing 10 visits:
 * its own VPA is (v + 1) / 2 and its WABC index 100·v / ((v + 1) / 2).
 */
function voice(
  org: string,
  v: number,
  over: { client?: string; station?: string } = {},
): EligibleContribution {
  return {
    ...contribution(over.client ?? `c-${org}`, org, [slot(over.station ?? 'WABC', 10, 10 * v)], {
      otherAirings: 10,
      otherVisits: 10,
    }),
    industry_root: null,
  };
}

const run = (contributions: EligibleContribution[]) =>
  computePeriod({
    kind: 'real',
    period: '2026-01',
    computedAt: 'now',
    contributions,
    previous: null,
  });

const stationAllDay = (r: ReturnType<typeof run>, key = 'WABC') =>
  r.rows.find(
    (x) =>
      x.subject === 'station' &&
      x.station_key === key &&
      x.daypart === 'all' &&
      x.industry === null,
  );

describe('a station rating', () => {
  test("is the median of five advertisers' indexes with their interval, advertisers and airings", () => {
    // Prepare: indexes 0, 100, 133.3, 150, 160
    const cs = [0, 1, 2, 3, 4].map((v, i) => voice(`org${i}`, v));

    // Act
    const r = run(cs);

    // Assert
    expect(stationAllDay(r)).toMatchObject({
      rating: 133.3,
      low: 0,
      high: 160,
      level: 0.9375,
      advertisers: 5,
      airings: 50,
      rank: 1,
      label: 'WABC · Broadcast TV',
      format: 'broadcast_tv',
    });
    expect(r.rows.some((x) => x.subject === 'format' && x.format === 'broadcast_tv')).toBe(true);
    expect(r.rows.some((x) => x.daypart === 'tv:prime')).toBe(true);
  });

  test('is withheld with four advertisers, and counted as withheld', () => {
    const r = run([1, 2, 3, 4].map((v, i) => voice(`org${i}`, v)));

    expect(r.rows).toEqual([]);
    expect(r.withheld.filter((w) => w.subject === 'station' && w.daypart === 'all')).toHaveLength(
      1,
    );
  });

  test('is withheld with five advertisers but 49 airings', () => {
    const cs = [1, 2, 3, 4, 5].map((v, i) => voice(`org${i}`, v));
    (cs[0]?.rows[0] as { airings: number }).airings = 9;

    expect(stationAllDay(run(cs))).toBeUndefined();
  });

  test("counts one organisation's clients as one voice, pooling their airings", () => {
    // Prepare: four clients of one organisation and four other organisations
    const cs = [
      ...[1, 1, 1, 1].map((v, i) => voice('big', v, { client: `big-${i}` })),
      ...[2, 3, 4, 5].map((v, i) => voice(`org${i}`, v)),
    ];

    // Act
    const rated = stationAllDay(run(cs));

    // Assert: five voices, the big one's index once (100), not four times
    expect(rated?.advertisers).toBe(5);
    expect(rated?.rating).toBe(150);
    expect(rated?.airings).toBe(80);
  });

  test('leaves out a voice whose own visits per airing are not positive', () => {
    const cs = [1, 2, 3, 4, 5].map((v, i) => voice(`org${i}`, v));
    const bad = voice('neg', 1);
    bad.visits = -5;

    expect(stationAllDay(run([...cs, bad]))?.advertisers).toBe(5);
  });

  test('an industry cohort is rated on its own advertisers, all day only', () => {
    const cs = [1, 2, 3, 4, 5].map((v, i) => ({ ...voice(`org${i}`, v), industry_root: '1268' }));

    const r = run(cs);

    const cohort = r.rows.filter((x) => x.industry === '1268');
    expect(cohort.map((x) => [x.subject, x.daypart])).toEqual([['station', 'all']]);
  });

  test('top ten ranks stations by rating with movement against the previous period', () => {
    // Prepare: January WBBB above WAAA; February the other way round
    const month = (a: number, b: number) =>
      [0, 1, 2, 3, 4].flatMap((i) => [
        {
          ...contribution(`c${i}`, `o${i}`, [slot('WAAA', 10, 10 * a), slot('WBBB', 10, 10 * b)], {
            otherAirings: 10,
            otherVisits: 10,
          }),
          industry_root: null,
        },
      ]);
    const jan = computePeriod({
      kind: 'real',
      period: '2026-01',
      computedAt: 'now',
      contributions: month(1, 3),
      previous: null,
    });

    // Act
    const feb = computePeriod({
      kind: 'real',
      period: '2026-02',
      computedAt: 'now',
      contributions: month(3, 1),
      previous: jan,
    });

    // Assert
    const list = feb.top.find(
      (l) => l.market === '501' && l.format === 'all' && l.daypart === 'all',
    );
    expect(list?.rows.map((r) => [r.call_sign, r.rank, r.previous_rank, r.movement])).toEqual([
      ['WAAA', 1, 2, 1],
      ['WBBB', 2, 1, -1],
    ]);
    expect(stationAllDay(feb, 'WAAA')?.previous_rating).toBe(stationAllDay(jan, 'WAAA')?.rating);
  });

  test('the median 30-second rate needs five advertisers with costs', () => {
    const cs = [1, 2, 3, 4, 5].map((v, i) => voice(`org${i}`, v));
    for (const [i, c] of cs.entries()) {
      Object.assign(c.rows[0] as object, {
        cost_cents: 10_000 * (i + 1),
        costed_airings: 10,
        costed_seconds: 300,
      });
    }

    const rated = stationAllDay(run(cs));

    // Rates per 30 s: 1000, 2000, ..., 5000 cents per airing
    expect(rated?.rate30_cents).toBe(3000);
    (cs[0]?.rows[0] as { costed_seconds: number }).costed_seconds = 0;
    expect(stationAllDay(run(cs))?.rate30_cents).toBeNull();
  });
});
