import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { type Airing, NATIONAL } from '../../../../lambdas/attribution/core/types';
import { accuracyFigures } from '../../../../lambdas/attribution/simulator/accuracy';
import {
  busiestStretch,
  overlapScenario,
  stationKey,
} from '../../../../lambdas/attribution/simulator/overlap-scenario';
import { airing } from '../core/fixtures';

const DAY = 86_400;
const minute = overlapScenario({ seed: 11, resolution: 'minute', size: 'small' });

describe('overlapScenario (generated schedule)', () => {
  test('a third of the stations inject nothing at all; the others do', () => {
    const keys = new Set(minute.airings.map(stationKey));
    expect(minute.noEffectStations.size).toBe(Math.round(keys.size / 3));
    const injected = new Map<string, number>();
    for (const a of minute.airings) {
      const k = stationKey(a);
      injected.set(k, (injected.get(k) ?? 0) + (minute.truth.get(a.id)?.all ?? Number.NaN));
    }
    for (const k of keys) {
      if (minute.noEffectStations.has(k)) {
        expect(injected.get(k)).toBe(0);
        expect(minute.stationEffect.get(k)).toBe(0);
      } else {
        expect(injected.get(k)).toBeGreaterThan(0);
        expect(minute.stationEffect.get(k)).toBeGreaterThan(0);
      }
    }
  });

  test('another share of no-effect stations is honoured', () => {
    const s = overlapScenario({
      seed: 11,
      resolution: 'minute',
      size: 'small',
      noEffectShare: 0.5,
    });
    const keys = new Set(s.airings.map(stationKey));
    expect(s.noEffectStations.size).toBe(Math.round(keys.size / 2));
    expect(() => overlapScenario({ seed: 1, resolution: 'minute', noEffectShare: 2 })).toThrow(
      /noEffectShare/,
    );
  });

  test('national cable airings land inside local airings’ windows, several stations at once', () => {
    const national = minute.airings.filter((a) => a.market === NATIONAL);
    const local = minute.airings.filter((a) => a.market !== NATIONAL);
    expect(national.length).toBeGreaterThan(100);
    const nationalMinutes = new Set<number>();
    for (const a of national) {
      const m = Math.floor(a.startUtc / 60);
      for (let k = 0; k < 8; k++) nationalMinutes.add(m + k);
    }
    const overlapped = local.filter((a) => nationalMinutes.has(Math.floor(a.startUtc / 60)));
    // The real post-log: 29% of local airings start inside a national window.
    expect(overlapped.length / local.length).toBeGreaterThan(0.2);

    const stationsPerMinute = new Map<string, Set<string>>();
    for (const a of minute.airings) {
      const k = `${a.market === NATIONAL ? '*' : a.market}:${Math.floor(a.startUtc / 60)}`;
      const set = stationsPerMinute.get(k) ?? new Set();
      set.add(a.station);
      stationsPerMinute.set(k, set);
    }
    const crowded = [...stationsPerMinute.values()].filter((s) => s.size >= 2).length;
    expect(crowded).toBeGreaterThan(50);
  });

  test('true station responses differ by more than an order of magnitude', () => {
    const effective = [...minute.stationEffect.values()].filter((e) => e > 0);
    expect(Math.max(...effective) / Math.min(...effective)).toBeGreaterThan(10);
  });

  test('part of the response arrives after the window: all injected exceeds the window', () => {
    let window = 0;
    let all = 0;
    for (const t of minute.truth.values()) {
      expect(t.window).toBeLessThanOrEqual(t.all);
      window += t.window;
      all += t.all;
    }
    expect(window).toBeGreaterThan(1000);
    expect(all / window).toBeGreaterThan(1.1);
  });

  test('history before the attributed range feeds the baseline; every airing is in the range', () => {
    expect(minute.visits.startUtc).toBeLessThanOrEqual(minute.fromUtc - 2 * 7 * DAY);
    expect(minute.visits.startUtc + minute.visits.length * 60).toBe(minute.toUtc);
    for (const a of minute.airings) {
      expect(a.startUtc).toBeGreaterThanOrEqual(minute.fromUtc);
      expect(a.startUtc).toBeLessThan(minute.toUtc);
    }
    expect(minute.truth.size).toBe(minute.airings.length);
  });

  test('hourly visits are the same simulated minutes summed into clock hours', () => {
    const hour = overlapScenario({ seed: 11, resolution: 'hour', size: 'small' });
    expect(hour.visits.resolution).toBe('hour');
    expect(hour.truth).toEqual(minute.truth);
    const sumHours = (m: Float64Array) => {
      const out = new Float64Array(Math.ceil(m.length / 60));
      m.forEach((v, i) => {
        out[Math.floor(i / 60)] = (out[Math.floor(i / 60)] as number) + v;
      });
      return out;
    };
    expect(hour.visits.national).toEqual(sumHours(minute.visits.national));
    for (const [dma, series] of minute.visits.byMarket) {
      expect(hour.visits.byMarket.get(dma)).toEqual(sumHours(series));
    }
  });

  test('the same seed gives the same scenario; another seed another one', () => {
    const again = overlapScenario({ seed: 11, resolution: 'minute', size: 'small' });
    expect(again.airings).toEqual(minute.airings);
    expect(again.truth).toEqual(minute.truth);
    expect(again.visits.national).toEqual(minute.visits.national);
    const other = overlapScenario({ seed: 12, resolution: 'minute', size: 'small' });
    expect(other.visits.national).not.toEqual(minute.visits.national);
  });
});

describe('overlapScenario (given airings)', () => {
  const t0 = Date.UTC(2016, 9, 3) / 1000; // Monday
  const given: Airing[] = [];
  for (let d = 0; d < 14; d++) {
    for (const [i, station] of ['WAAA', 'WBBB', 'WCCC'].entries()) {
      given.push(airing({ id: `${d}-${i}`, startUtc: t0 + d * DAY + 20 * 3600 + i * 40, station }));
    }
    given.push(
      airing({
        id: `${d}-n`,
        startUtc: t0 + d * DAY + 20 * 3600 + 30,
        market: NATIONAL,
        station: 'CNN',
        stationType: 'cable',
      }),
    );
  }

  test('attributes exactly the given airings over their UTC days, with 8 weeks of history', () => {
    const s = overlapScenario({ seed: 3, resolution: 'hour', airings: given });
    expect(s.airings).toBe(given);
    expect(s.fromUtc).toBe(t0);
    expect(s.toUtc).toBe(t0 + 14 * DAY);
    expect(s.visits.startUtc).toBe(t0 - 8 * 7 * DAY);
    expect([...s.truth.keys()].sort()).toEqual(given.map((a) => a.id).sort());
    expect([...s.stationEffect.keys()].sort()).toEqual([
      '501|WAAA',
      '501|WBBB',
      '501|WCCC',
      'national|CNN',
    ]);
  });

  test('airings before the range are history: they respond but the third counts scored stations', () => {
    const history = Array.from({ length: 6 }, (_, d) =>
      airing({ id: `h${d}`, startUtc: t0 - (d + 1) * DAY + 20 * 3600, station: 'WOLD' }),
    );
    const s = overlapScenario({
      seed: 3,
      resolution: 'minute',
      airings: [...history, ...given],
      range: { fromUtc: t0, toUtc: t0 + 14 * DAY },
    });
    expect(s.fromUtc).toBe(t0);
    expect(s.visits.startUtc).toBe(t0 - 8 * 7 * DAY);
    expect(s.truth.has('h0')).toBe(true);
    const scored = [...s.noEffectStations].filter((k) => k !== '501|WOLD');
    expect(scored).toHaveLength(1); // round(4 / 3) of the four scored stations
    expect(() =>
      overlapScenario({
        seed: 3,
        resolution: 'minute',
        airings: given,
        range: { fromUtc: t0, toUtc: t0 + DAY },
      }),
    ).toThrow(/range/);
  });

  test('an empty schedule is refused by name', () => {
    expect(() => overlapScenario({ seed: 1, resolution: 'minute', airings: [] })).toThrow(
      /airings/,
    );
  });
});

describe('busiestStretch', () => {
  test('picks the window of days with the most airings', () => {
    const t0 = Date.UTC(2016, 8, 1) / 1000;
    const perDay = [1, 1, 5, 1, 6, 0, 1];
    const airings = perDay.flatMap((n, d) =>
      Array.from({ length: n }, (_, i) => airing({ id: `${d}-${i}`, startUtc: t0 + d * DAY + i })),
    );
    const s = busiestStretch(airings, 3);
    expect(s.fromUtc).toBe(t0 + 2 * DAY);
    expect(s.toUtc).toBe(t0 + 5 * DAY);
    expect(s.airings).toHaveLength(12);
    expect(busiestStretch(airings, 30).airings).toHaveLength(airings.length);
  });
});

describe('the engine on the small overlap scenario', () => {
  test('recovers the injected window total within 10% and ranks stations broadly right', () => {
    const r = attribute(minute.airings, minute.visits, {
      fromUtc: minute.fromUtc,
      toUtc: minute.toUtc,
    });
    const f = accuracyFigures(minute, r);
    expect(Math.abs(f.totalError)).toBeLessThan(0.1);
    expect(f.stationRankCorrelation).toBeGreaterThan(0.7);
  });
});
