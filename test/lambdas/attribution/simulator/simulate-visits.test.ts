import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { createRng } from '../../../../lambdas/attribution/simulator/prng';
import {
  simulateVisits,
  stationEffect,
} from '../../../../lambdas/attribution/simulator/simulate-visits';
import { visitDataFromSimulation } from '../../../../lambdas/attribution/simulator/to-visit-data';
import {
  isoMinute,
  truthCsv,
  visitsCsvChunks,
} from '../../../../lambdas/attribution/simulator/visits-csv';
import { airing } from '../core/fixtures';

const FROM = Date.UTC(2016, 3, 4) / 1000; // Monday
const WEEKS = 9;
const TO = FROM + WEEKS * 7 * 86400;
const STATIONS = ['KAAA', 'KBBB', 'KCCC', 'KDDD', 'KEEE', 'KFFF'];

function scenario(seed: number, effectMinutes = 4) {
  const rng = createRng(seed);
  const airings: Airing[] = [];
  const start = FROM + 3 * 7 * 86400;
  for (let t = start, i = 0; t < TO - 3600; t += 3600 * (2 + rng.next() * 3), i++) {
    airings.push(
      airing({
        id: String(i + 1),
        startUtc: Math.floor(t),
        market: i % 2 === 0 ? '501' : '803',
        tz: i % 2 === 0 ? 'America/New_York' : 'America/Los_Angeles',
        station: STATIONS[i % STATIONS.length] as string,
      }),
    );
  }
  const sim = simulateVisits({
    airings,
    fromUtc: FROM,
    toUtc: TO,
    tvHomesByDma: new Map([
      ['501', 7_000_000],
      ['803', 5_000_000],
      ['602', 3_000_000],
    ]),
    seed,
    dailyVisits: 60000,
    effectMinutes,
  });
  return { airings, sim, from: start };
}

describe('simulator + engine accuracy (method note §5.4 scenario 1)', () => {
  const { airings, sim, from } = scenario(3);
  const injected = sim.truth.reduce((s, t) => s + t.injected, 0);
  const minute = attribute(airings, visitDataFromSimulation(sim, 'sessions', 'minute'), {
    fromUtc: from,
  });

  test('recovers the injected total within 10%', () => {
    expect(injected).toBeGreaterThan(1000);
    expect(minute.campaign.attributedVisits / injected).toBeGreaterThan(0.9);
    expect(minute.campaign.attributedVisits / injected).toBeLessThan(1.1);
  });

  test('ranks stations with clearly different effects in the right order', () => {
    const vpa = (st: string) => {
      const ids = new Set(airings.filter((a) => a.station === st).map((a) => a.id));
      const rs = minute.airings.filter((r) => ids.has(r.airingId));
      return rs.reduce((s, r) => s + r.attributed, 0) / rs.length;
    };
    const effects = STATIONS.map((s) => ({ s, e: stationEffect(s, 3), vpa: vpa(s) }));
    let pairs = 0;
    for (const p of effects) {
      for (const q of effects) {
        if (p.e > 2 * q.e + 0.2) {
          pairs++;
          expect(p.vpa).toBeGreaterThan(q.vpa);
        }
      }
    }
    expect(pairs).toBeGreaterThan(2);
  });

  test('hourly data give the same total within a few percent, with wider intervals', () => {
    // Strong effects so the hour-level noise (≈ √φ·60 minutes of traffic) does not swamp the comparison.
    const strong = scenario(5, 15);
    const byMinute = attribute(
      strong.airings,
      visitDataFromSimulation(strong.sim, 'sessions', 'minute'),
      {
        fromUtc: strong.from,
      },
    );
    const hourly = attribute(
      strong.airings,
      visitDataFromSimulation(strong.sim, 'sessions', 'hour'),
      {
        fromUtc: strong.from,
      },
    );
    const width = (r: typeof minute) =>
      r.airings.reduce((s, a) => s + (a.ciHigh - a.ciLow), 0) / r.airings.length;

    expect(hourly.resolution).toBe('hour');
    expect(hourly.campaign.attributedVisits / byMinute.campaign.attributedVisits).toBeGreaterThan(
      0.95,
    );
    expect(hourly.campaign.attributedVisits / byMinute.campaign.attributedVisits).toBeLessThan(
      1.05,
    );
    expect(width(hourly)).toBeGreaterThan(1.5 * width(byMinute));
  });

  test('is deterministic for a seed and writes the CSV formats', () => {
    const again = scenario(3).sim;
    const chunks = visitsCsvChunks(again);
    const first = chunks.next().value;
    const rows = String(chunks.next().value).split('\n');

    expect(again.truth).toEqual(sim.truth);
    expect(first).toBe('minute_utc,dma_code,sessions,new_users,pageviews\n');
    expect(rows[0]).toMatch(/^2016-04-04T\d\d:\d\d:00Z,\d*,\d+,\d+,\d+$/);
    expect(truthCsv([{ airingId: 'a,1', injected: 3 }])).toBe(
      'airing_id,injected_visits\n"a,1",3\n',
    );
  });

  test('writes each row’s UTC time right across hour, day and year ends', () => {
    // 2016-12-31T23:59:00Z, then the next minute, a second later and an hour earlier again.
    const lastMinute = Date.UTC(2016, 11, 31, 23, 59) / 1000;

    expect(
      [lastMinute, lastMinute + 60, lastMinute + 61, lastMinute - 3600, 0.5].map(isoMinute),
    ).toEqual([
      '2016-12-31T23:59:00Z',
      '2017-01-01T00:00:00Z',
      '2017-01-01T00:00:01Z',
      '2016-12-31T22:59:00Z',
      '1970-01-01T00:00:00Z',
    ]);
  });
});

describe('simulator options of the overlap scenario', () => {
  const day = FROM + 7 * 86400; // a Monday, New York: 00:00 UTC = 20:00 local (prime)
  const at = (id: string, station: string, utcHour: number, market = '501') =>
    airing({ id, startUtc: day + utcHour * 3600 + 600, station, market });
  const airings = [
    at('prime-a', 'KAAA', 0),
    at('prime-b', 'KBBB', 1),
    at('prime-z', 'KZZZ', 2),
    at('night-a', 'KAAA', 8), // 04:10 local: overnight
  ];
  const run = (tailShare?: number) =>
    simulateVisits({
      airings,
      fromUtc: FROM,
      toUtc: FROM + 14 * 86400,
      tvHomesByDma: new Map([['501', 7_000_000]]),
      seed: 9,
      dailyVisits: 400_000,
      stationEffects: new Map([
        ['501|KAAA', 1],
        ['501|KBBB', 2],
        ['501|KZZZ', 0],
      ]),
      tailShare,
    });
  const byId = (sim: ReturnType<typeof run>) => new Map(sim.truth.map((t) => [t.airingId, t]));

  test('a station mapped to no effect injects nothing; the others scale with their multiplier and daypart', () => {
    const t = byId(run());
    expect(t.get('prime-z')).toMatchObject({ injected: 0, inWindow: 0, expected: 0 });
    const a = t.get('prime-a')?.expected as number;
    expect(a).toBeGreaterThan(10);
    // Same market and daypart: twice the multiplier, twice the expected response.
    expect(t.get('prime-b')?.expected).toBeCloseTo(2 * a, 9);
    // Prime (1.6) against overnight (0.3) on the same station.
    expect((t.get('night-a')?.expected as number) / a).toBeCloseTo(0.3 / 1.6, 9);
  });

  test('without a tail every injected visit is in the window; with one, about that share is not', () => {
    for (const t of run().truth) expect(t.inWindow).toBe(t.injected);
    const tailed = run(0.3).truth.filter((t) => t.injected > 0);
    const injected = tailed.reduce((s, t) => s + t.injected, 0);
    const late = tailed.reduce((s, t) => s + t.injected - t.inWindow, 0);
    expect(injected).toBeGreaterThan(300);
    expect(late / injected).toBeGreaterThan(0.22);
    expect(late / injected).toBeLessThan(0.38);
    expect(() => run(1.5)).toThrow(/tailShare/);
  });
});
