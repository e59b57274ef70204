import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { type Airing, NATIONAL } from '../../../../lambdas/attribution/core/types';
import { accuracyFigures } from '../../../../lambdas/attribution/simulator/accuracy';
import { overlapScenario } from '../../../../lambdas/attribution/simulator/overlap-scenario';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

// Three weeks of a flat 10 visits/minute; the airings sit in week 3, one per hour.
const LEN = 3 * WEEK_MIN;
const WEEK3 = 2 * WEEK_MIN;

/**
 * Station STRONG brings 5 extra visits in each of its 8 window minutes (40 per airing); station
 * NULL brings none. Each airs alone 12 times, and 6 times they air in the same minute.
 */
function strongBesideNull() {
  const x = constant(LEN, 10);
  const airings: Airing[] = [];
  const bump = (m: number) => {
    for (let t = m; t < m + 8; t++) x[t] = (x[t] as number) + 5;
  };
  let hour = 0;
  const at = () => WEEK3 + 60 * hour++;
  for (let k = 0; k < 12; k++) {
    const m = at();
    airings.push(airing({ id: `strong${k}`, station: 'STRONG', startUtc: T0 + m * MIN }));
    bump(m);
  }
  for (let k = 0; k < 12; k++) {
    airings.push(airing({ id: `null${k}`, station: 'NULL', startUtc: T0 + at() * MIN }));
  }
  for (let k = 0; k < 6; k++) {
    const m = at();
    airings.push(airing({ id: `both-strong${k}`, station: 'STRONG', startUtc: T0 + m * MIN }));
    airings.push(airing({ id: `both-null${k}`, station: 'NULL', startUtc: T0 + m * MIN }));
    bump(m);
  }
  return { airings, visits: minuteVisits(LEN, { '501': x }) };
}

/**
 * Station QUIET brings 1 extra visit in each window minute, LOUD 3. Each airs alone 12 times and
 * 6 times in the same minute as the other; one more QUIET airing starts a minute before a LOUD
 * one, so it owns one minute alone, and that minute happens to carry a spike of 30 visits.
 */
function quietLoudWithSpike() {
  const x = constant(LEN, 10);
  const airings: Airing[] = [];
  const bump = (m: number, v: number) => {
    for (let t = m; t < m + 8; t++) x[t] = (x[t] as number) + v;
  };
  let hour = 0;
  const at = () => WEEK3 + 60 * hour++;
  for (let k = 0; k < 12; k++) {
    const m = at();
    airings.push(airing({ id: `quiet${k}`, station: 'QUIET', startUtc: T0 + m * MIN }));
    bump(m, 1);
    const l = at();
    airings.push(airing({ id: `loud${k}`, station: 'LOUD', startUtc: T0 + l * MIN }));
    bump(l, 3);
  }
  for (let k = 0; k < 6; k++) {
    const m = at();
    airings.push(airing({ id: `both-quiet${k}`, station: 'QUIET', startUtc: T0 + m * MIN }));
    airings.push(airing({ id: `both-loud${k}`, station: 'LOUD', startUtc: T0 + m * MIN }));
    bump(m, 4);
  }
  const m = at();
  airings.push(airing({ id: 'spike-quiet', station: 'QUIET', startUtc: T0 + m * MIN }));
  airings.push(airing({ id: 'spike-loud', station: 'LOUD', startUtc: T0 + (m + 1) * MIN }));
  x[m] = (x[m] as number) + 30;
  return { airings, visits: minuteVisits(LEN, { '501': x }) };
}

const attributedOf = (r: ReturnType<typeof attribute>, prefix: string) =>
  r.airings.filter((a) => a.airingId.startsWith(prefix)).map((a) => a.attributed);

describe('response split', () => {
  test('a no-effect station airing beside a strong one gets almost nothing, where the equal split gave it half', () => {
    const { airings, visits } = strongBesideNull();

    const equal = attribute(airings, visits, { split: 'equal' });
    const response = attribute(airings, visits);

    expect(attributedOf(equal, 'both-null')).toEqual(Array(6).fill(expect.closeTo(20, 6)));
    expect(attributedOf(equal, 'both-strong')).toEqual(Array(6).fill(expect.closeTo(20, 6)));
    for (const v of attributedOf(response, 'both-null')) expect(v).toBeLessThan(1);
    for (const v of attributedOf(response, 'both-strong')) expect(v).toBeGreaterThan(39);
  });

  test('one lucky minute of a thin airing does not make its station split shared minutes as a strong one', () => {
    const { airings, visits } = quietLoudWithSpike();

    const response = attribute(airings, visits);

    // QUIET expects a quarter of the 32 excess visits of a shared window (8), LOUD three quarters
    // (24): each stays nearer its own share than the even 16 of the equal split.
    for (const v of attributedOf(response, 'both-quiet')) expect(v).toBeLessThan(12);
    for (const v of attributedOf(response, 'both-loud')) expect(v).toBeGreaterThan(20);
  });

  test('the attributed visits of all airings sum to the same total under both splits', () => {
    const { airings, visits } = strongBesideNull();

    const equal = attribute(airings, visits, { split: 'equal' });
    const response = attribute(airings, visits, { split: 'response' });

    const sum = (r: typeof equal) => r.airings.reduce((s, a) => s + a.attributed, 0);
    expect(sum(response)).toBeCloseTo(sum(equal), 9);
    expect(response.campaign.attributedVisits).toBeCloseTo(18 * 40, 9);
  });

  test('every estimate stays signed: a dip shared by two stations is credited negative', () => {
    const x = constant(LEN, 10);
    const m = WEEK3 + 600;
    for (let t = m; t < m + 8; t++) x[t] = 7;
    const airings = [
      airing({ id: 'a', station: 'A', startUtc: T0 + m * MIN }),
      airing({ id: 'b', station: 'B', startUtc: T0 + m * MIN }),
    ];

    const r = attribute(airings, minuteVisits(LEN, { '501': x }));

    expect(r.airings[0]?.attributed).toBeLessThan(0);
    expect(r.airings[1]?.attributed).toBeLessThan(0);
    expect(r.campaign.attributedVisits).toBeCloseTo(-24, 9);
  });

  test('a national and a local airing still credit every visit of a shared minute once', () => {
    const a = constant(LEN, 10);
    const b = constant(LEN, 10);
    const m0 = WEEK3 + 12 * 60;
    for (let t = m0; t < m0 + 8; t++) a[t] = 14;
    for (let t = m0; t < m0 + 8; t++) b[t] = 12;
    const airings = [
      airing({ id: 'local', market: '501', startUtc: T0 + m0 * MIN }),
      airing({ id: 'nat', market: NATIONAL, stationType: 'cable', startUtc: T0 + m0 * MIN }),
    ];

    const r = attribute(airings, minuteVisits(LEN, { '501': a, '602': b }));

    expect((r.airings[0]?.attributed ?? 0) + (r.airings[1]?.attributed ?? 0)).toBeCloseTo(48, 9);
    expect(r.campaign.attributedVisits).toBeCloseTo(48, 9);
  });

  test('a report run again after another campaign gives the same numbers (buffers kept between runs start from zero)', () => {
    const big = quietLoudWithSpike();
    const small = strongBesideNull();

    const first = attribute(big.airings, big.visits);
    attribute(small.airings, small.visits);
    const again = attribute(big.airings, big.visits);

    expect(again.airings.map((a) => a.attributed)).toEqual(first.airings.map((a) => a.attributed));
  });

  test('an unknown split is refused with the field named', () => {
    const { airings, visits } = strongBesideNull();

    expect(() => attribute(airings, visits, { split: 'fair' as unknown as 'equal' })).toThrow(
      /split/,
    );
  });
});

describe('response split on the simulated overlap schedule', () => {
  test('beats the equal split on no-effect stations and on the station ranking', () => {
    const s = overlapScenario({ seed: 7, resolution: 'minute', size: 'small' });
    const range = { fromUtc: s.fromUtc, toUtc: s.toUtc };

    const equal = accuracyFigures(s, attribute(s.airings, s.visits, { ...range, split: 'equal' }));
    const response = accuracyFigures(s, attribute(s.airings, s.visits, range));

    expect(response.noEffectRatio).toBeLessThan(equal.noEffectRatio);
    expect(response.noEffectRatio).toBeLessThan(0.08);
    expect(response.stationRankCorrelation).toBeGreaterThan(equal.stationRankCorrelation);
    expect(response.totalError).toBeCloseTo(equal.totalError, 9);
  });
});
