import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { type Airing, NATIONAL } from '../../../../lambdas/attribution/core/types';
import { createRng } from '../../../../lambdas/attribution/simulator/prng';
import {
  simulateVisits,
  stationEffect,
} from '../../../../lambdas/attribution/simulator/simulate-visits';
import { visitDataFromSimulation } from '../../../../lambdas/attribution/simulator/to-visit-data';
import { airing } from './fixtures';

const DAY = 86_400;
const FROM = Date.UTC(2016, 8, 5) / 1000; // Monday
const HISTORY_DAYS = 14;
const AIR_DAYS = 28;
const TO = FROM + (HISTORY_DAYS + AIR_DAYS) * DAY;
const LOCAL = ['501', '803'];

/**
 * `count` station names whose simulated effect is close to 1, so a national and a local airing
 * sharing a DMA minute respond alike and the equal split (method note §5.1 step 4) is fair.
 */
function steadyStations(prefix: string, count: number, seed: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const e = stationEffect(`${prefix}${i}`, seed);
    if (e > 0.8 && e < 1.25) out.push(`${prefix}${i}`);
  }
  return out;
}

/**
 * The real post-log's shape at small scale (method note §5.1 step 3): local flights
 * in two DMAs every few minutes from morning to midnight, plus national cable every ~25 minutes,
 * so most minutes of the national series sit in some airing's window and every past week the
 * national baseline borrows from is full of local spikes.
 */
function denseSchedule(seed: number): Airing[] {
  const rng = createRng(seed);
  const out: Airing[] = [];
  const local = steadyStations('W', 4, seed);
  const national = steadyStations('NET', 2, seed);
  const add = (market: string, t: number, station: string) =>
    out.push(
      airing({
        id: String(out.length + 1),
        startUtc: Math.floor(t),
        market,
        tz: market === '803' ? 'America/Los_Angeles' : 'America/New_York',
        station,
      }),
    );
  for (let d = HISTORY_DAYS; d < HISTORY_DAYS + AIR_DAYS; d++) {
    const day = FROM + d * DAY;
    // Local hours 06:00-24:00 in New York = 10:00-04:00 UTC.
    for (const [i, market] of LOCAL.entries()) {
      for (let t = day + 10 * 3600 + i * 240; t < day + 28 * 3600; t += 300 + rng.next() * 600) {
        add(market, t, local[(out.length + i) % 4] as string);
      }
    }
    for (let t = day + 10 * 3600; t < day + 28 * 3600; t += 900 + rng.next() * 1200) {
      add(NATIONAL, t, national[out.length % 2] as string);
    }
  }
  return out.sort((p, q) => p.startUtc - q.startUtc);
}

describe('dense national schedule (the real post-log case at small scale)', () => {
  const airings = denseSchedule(11);
  const sim = simulateVisits({
    airings,
    fromUtc: FROM,
    toUtc: TO,
    tvHomesByDma: new Map([
      ['501', 7_000_000],
      ['803', 5_000_000],
      ['602', 3_000_000],
    ]),
    seed: 11,
    dailyVisits: 40_000,
  });
  const result = attribute(airings, visitDataFromSimulation(sim, 'sessions', 'minute'), {
    fromUtc: FROM + HISTORY_DAYS * DAY,
  });
  const injected = (ids: Set<string>) =>
    sim.truth.filter((t) => ids.has(t.airingId)).reduce((s, t) => s + t.injected, 0);
  const attributed = (ids: Set<string>) =>
    result.airings.filter((r) => ids.has(r.airingId)).reduce((s, r) => s + r.attributed, 0);

  test('repeating a run gives the same answer, also right after a run on other visits', () => {
    // Runs on grids of the same length reuse work buffers: nothing may leak between them.
    const visits = visitDataFromSimulation(sim, 'sessions', 'minute');
    const doubled = visitDataFromSimulation(sim, 'sessions', 'minute');
    for (const x of [doubled.national, ...doubled.byMarket.values()]) {
      for (let t = 0; t < x.length; t++) x[t] = 2 * (x[t] as number);
    }
    const other = attribute(airings, doubled, { fromUtc: FROM + HISTORY_DAYS * DAY, halo: false });
    expect(other.campaign.totalVisits).toBeCloseTo(2 * result.campaign.totalVisits, 6);
    const again = attribute(airings, visits, { fromUtc: FROM + HISTORY_DAYS * DAY });
    expect(again).toEqual(result);
  });

  test('national windows and local spikes cover most national-series minutes', () => {
    const covered = new Uint8Array((AIR_DAYS * DAY) / 60);
    for (const a of airings) {
      const m = Math.floor((a.startUtc - FROM - HISTORY_DAYS * DAY) / 60);
      for (let t = m; t < m + 8 && t < covered.length; t++) covered[t] = 1;
    }
    const share = covered.reduce((s, v) => s + v, 0) / covered.length;
    // Airing hours are 18 of 24; inside them nearly every minute is covered.
    expect(share).toBeGreaterThan(0.6);
  });

  test('recovers the injected total within 10%', () => {
    const all = new Set(airings.map((a) => a.id));
    const truth = injected(all);

    expect(truth).toBeGreaterThan(5000);
    expect(result.campaign.attributedVisits / truth).toBeGreaterThan(0.9);
    expect(result.campaign.attributedVisits / truth).toBeLessThan(1.1);
  });

  test('national airings alone recover their injected visits within 10%', () => {
    // Past local spikes in the national series must not raise the national baseline.
    const national = new Set(airings.filter((a) => a.market === NATIONAL).map((a) => a.id));

    expect(attributed(national) / injected(national)).toBeGreaterThan(0.9);
    expect(attributed(national) / injected(national)).toBeLessThan(1.1);
  });
});
