import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { shrinkStations } from '../../../../lambdas/attribution/core/station-shrink';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

/** A station's airings: `n` values around `mean`, the same ±spread pattern for every station. */
const around = (mean: number, spread: number, n: number) =>
  Array.from({ length: n }, (_, i) => mean + spread * [1, -1, 0.5, -0.5, 0][i % 5]!);

/** Airings of stations (in order) under their parents; every airing used. */
function market(stations: number[][], parent?: number[]) {
  const attributed: number[] = [];
  const station: number[] = [];
  stations.forEach((values, j) => {
    for (const y of values) {
      attributed.push(y);
      station.push(j);
    }
  });
  const stationParent = Int32Array.from(parent ?? stations.map(() => 0));
  return {
    attributed: Float64Array.from(attributed),
    use: new Uint8Array(attributed.length).fill(1),
    station: Int32Array.from(station),
    stationParent,
    parents: Math.max(...stationParent) + 1,
  };
}

/** Per station: its mean attributed after the shift. */
function shrunkMeans(m: ReturnType<typeof market>, shift: Float64Array): number[] {
  const sum = new Array<number>(m.stationParent.length).fill(0);
  const n = new Array<number>(m.stationParent.length).fill(0);
  m.attributed.forEach((y, a) => {
    const j = m.station[a] as number;
    sum[j] = (sum[j] as number) + y + (shift[a] as number);
    n[j] = (n[j] as number) + 1;
  });
  return sum.map((s, j) => s / (n[j] as number));
}

const total = (values: Float64Array, use?: (a: number) => boolean) =>
  values.reduce((s, v, a) => s + (use === undefined || use(a) ? v : 0), 0);

describe('station shrinkage of the response split', () => {
  test('stations whose airings all attributed nothing keep finite estimates (a store with no visits)', () => {
    // No spread anywhere and a parent mean of zero: every variance of the prior's fit is 0.
    const m = market([[0, 0, 0], [0, 0], [0]]);

    const shift = shrinkStations(m);

    expect([...shift].every(Number.isFinite)).toBe(true);
    expect(shrunkMeans(m, shift)).toEqual([0, 0, 0]);
  });

  test('a station with one lucky airing no longer out-ranks a well-measured strong station', () => {
    // Airings vary by ±12 visits. STRONG brings 8 per airing over 80 airings, three stations
    // bring 2, 4 and 0; LUCKY aired once and scored 20.
    const m = market([
      around(8, 12, 80),
      around(2, 12, 80),
      around(4, 12, 80),
      around(0, 12, 80),
      [20],
    ]);

    const means = shrunkMeans(m, shrinkStations(m));

    expect(means[4]).toBeLessThan(means[0] as number);
    // The well-measured stations keep their order.
    expect(means[0]).toBeGreaterThan(means[2] as number);
    expect(means[2]).toBeGreaterThan(means[1] as number);
  });

  test('the total is unchanged and every airing keeps its signed deviation from its station', () => {
    const m = market(
      [around(6, 10, 40), around(1, 10, 3), [15], around(-1, 4, 20), around(30, 20, 10), [-40]],
      [0, 0, 0, 1, 1, 1],
    );

    const shift = shrinkStations(m);

    expect(total(shift)).toBeCloseTo(0, 9);
    // One shift per station: an airing below its station's mean stays below it, and negative
    // airings stay negative.
    m.station.forEach((j, a) => {
      const first = m.station.indexOf(j);
      expect(shift[a]).toBe(shift[first]);
    });
    const after = m.attributed.map((y, a) => y + (shift[a] as number));
    expect(after.some((y) => y < 0)).toBe(true);
  });

  test('stations measured on less noisy values rank by them, while the attributed visits keep their total', () => {
    // Two stations of 40 airings each attribute 5 visits on average; measured without the late
    // minutes' noise, A responds 9 per airing and B 1.
    const m = market([around(5, 10, 40), around(5, 10, 40)]);
    const measured = m.attributed.map((_, a) =>
      m.station[a] === 0 ? around(9, 2, 40)[a % 40]! : around(1, 2, 40)[a % 40]!,
    );

    const shift = shrinkStations({ ...m, measured });

    const means = shrunkMeans(m, shift);
    expect(means[0]).toBeGreaterThan((means[1] as number) + 6);
    expect(total(shift)).toBeCloseTo(0, 9);
    // Without the measured values the two stations stay level.
    const plain = shrunkMeans(m, shrinkStations(m));
    expect(plain[0]).toBeCloseTo(plain[1] as number, 6);
  });

  test("a parent whose window sums ran high on noise gives the excess back to the other parents' stations", () => {
    // Local stations (parent 0) and national networks (parent 1), 60 airings each. Measured
    // without the late minutes' noise, both local stations respond 6 per airing and the two
    // networks 3 and 0; the networks' window sums ran 4 visits an airing high.
    const m = market(
      [around(6, 10, 60), around(6, 10, 60), around(7, 10, 60), around(4, 10, 60)],
      [0, 0, 1, 1],
    );
    const truth = [6, 6, 3, 0];
    const measured = m.attributed.map((_, a) => around(truth[m.station[a]!]!, 2, 60)[a % 60]!);
    const national = (a: number) => m.stationParent[m.station[a] as number] === 1;

    const shift = shrinkStations({ ...m, measured });

    // The networks' sum moves from 660 toward their measured 180; the total stays.
    const before = total(m.attributed, national);
    const after = before + total(shift, national);
    expect(before).toBe(660);
    expect(after).toBeLessThan(300);
    expect(total(shift)).toBeCloseTo(0, 9);
    // Local stations take the difference, and the network without effect ends near zero.
    const means = shrunkMeans(m, shift);
    expect(means[0]).toBeGreaterThan(6);
    expect(Math.abs(means[3] as number)).toBeLessThan(0.5);
  });

  test('a well-measured station without effect stays near zero instead of taking its peers\u2019 mean', () => {
    const m = market([around(10, 3, 200), around(12, 3, 200), around(0.2, 3, 200)]);

    const means = shrunkMeans(m, shrinkStations(m));

    expect(Math.abs(means[2] as number)).toBeLessThan(0.5);
  });

  test('airings not used (outside the range or without visits) get no shift', () => {
    const m = market([around(5, 8, 30), [25]]);
    m.use[0] = 0;
    m.use[30] = 0;

    const shift = shrinkStations(m);

    expect(shift[0]).toBe(0);
    expect(shift[30]).toBe(0);
  });
});

// Three weeks of a flat 10 visits/minute; the airings sit in week 3, one per hour.
const LEN = 3 * WEEK_MIN;
const WEEK3 = 2 * WEEK_MIN;

/**
 * One DMA: STRONG (30 airings) brings 6 visits per window minute on top of up to ±6 visits of
 * noise, MID 3 and NONE nothing (30 airings each); LUCKY aired once, into a spike of 10 extra
 * visits in each of its window's minutes (80 in all, where STRONG brings 48).
 */
function luckyBesideStrong() {
  const x = constant(LEN, 10);
  const airings: Airing[] = [];
  let hour = 0;
  const add = (station: string, k: number, perMinute: number) => {
    const m = WEEK3 + 60 * hour++;
    airings.push(airing({ id: `${station}${k}`, station, startUtc: T0 + m * MIN }));
    const noise = 6 * [0, 1, -1, 0.5, -0.5][k % 5]!;
    for (let t = m; t < m + 8; t++) x[t] = (x[t] as number) + perMinute + noise;
  };
  for (let k = 0; k < 30; k++) {
    add('STRONG', k, 6);
    add('MID', k, 3);
    add('NONE', k, 0);
  }
  add('LUCKY', 0, 10);
  return { airings, visits: minuteVisits(LEN, { '501': x }) };
}

describe('station shrinkage in the engine', () => {
  test('the response split ranks a well-measured strong station above one with a single lucky airing, with the same total', () => {
    const { airings, visits } = luckyBesideStrong();

    const equal = attribute(airings, visits, { split: 'equal' });
    const response = attribute(airings, visits, { split: 'response' });

    const vpa = (prefix: string) => {
      const own = response.airings.filter((a) => a.airingId.startsWith(prefix));
      return own.reduce((s, a) => s + a.attributed, 0) / own.length;
    };
    expect(vpa('LUCKY')).toBeLessThan(vpa('STRONG'));
    expect(vpa('STRONG')).toBeGreaterThan(vpa('MID'));
    const sum = (r: typeof equal) => r.airings.reduce((s, a) => s + a.attributed, 0);
    expect(sum(response)).toBeCloseTo(sum(equal), 6);
    for (const a of response.airings) expect(a.attributed).toBeCloseTo(a.observed - a.expected, 9);
  });

  test('an airing keeps the p-value of its own window: the shift does not test its peers', () => {
    const { airings, visits } = luckyBesideStrong();

    const equal = attribute(airings, visits, { split: 'equal' });
    const response = attribute(airings, visits, { split: 'response' });

    // No airing shares a minute, so both splits see the same O and E before the shrinkage.
    const lucky = (r: typeof equal) => r.airings.find((a) => a.airingId === 'LUCKY0');
    expect(lucky(response)?.pValue).toBe(lucky(equal)?.pValue);
    expect(lucky(response)?.attributed).toBeLessThan(lucky(equal)?.attributed as number);
  });
});
