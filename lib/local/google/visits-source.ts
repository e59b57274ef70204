import type { Airing } from '../../../lambdas/attribution/core/types';
import { createRng, hashString } from '../../../lambdas/attribution/simulator/prng';
import {
  type SimBatch,
  type SimulationInput,
  simulateVisits,
} from '../../../lambdas/attribution/simulator/simulate-visits';
import type { PropertyTraffic as TrafficConfig } from './directory';
import { type GaPlace, gaPlaceOfDma, UNKNOWN_PLACES, unknownPlaceIndex } from './geography';

/** The demo post-log as the simulator needs it (read once, lazily). */
export interface DemoInputs {
  airings: Airing[];
  /** TV homes of each market of the post-log (the simulator sizes DMAs by them). */
  tvHomesByDma: Map<string, number>;
  tzByDma: Map<string, string>;
  /** First and last UTC day number (days since 1970-01-01) the airings' responses fall in. */
  firstDay: number;
  lastDay: number;
}

/** One GA4 place's traffic over one UTC day, dense by minute of that day (1440 entries). */
export interface PlaceSeries {
  place: GaPlace;
  sessions: Uint32Array;
  newUsers: Uint32Array;
  pageviews: Uint32Array;
  engagedSessions: Uint32Array;
  /** userEngagementDuration, whole seconds. */
  engagementS: Uint32Array;
}

/** Engaged-session rate and mean engagement seconds of an engaged session. */
const BASELINE_ENGAGEMENT = { rate: 0.56, seconds: 58 };
/** Visitors who come because of an airing know what they look for: more engage, for longer. */
const RESPONDER_ENGAGEMENT = { rate: 0.72, seconds: 96 };
/** Seconds a non-engaged session adds to userEngagementDuration. */
const BOUNCE_SECONDS = 3;
/** UTC days of traffic kept in memory per property (the airing weeks are kept besides). */
const CACHED_DAYS = 120;

type Dense = { sessions: Uint32Array; newUsers: Uint32Array; pageviews: Uint32Array };

/**
 * A property's simulated traffic, computed lazily one UTC day at a time (14 months cost
 * nothing until asked for). Days with the demo post-log's airings come from ONE simulation of the
 * airing weeks (lambdas/attribution/simulator, the property's seed), so each station keeps one
 * effect and the responses match the post-log; every other day is its own seeded simulation
 * with no airings. The simulator's unknown geography becomes `(not set)` and foreign places; a
 * DMA becomes its principal city. Engagement is derived per minute, responders apart: the
 * simulation is run a second time without airings and the difference is the airing response.
 * Same seed, same numbers, on every machine.
 */
export class PropertyVisits {
  private readonly days = new Map<number, PlaceSeries[]>();
  private block: Map<number, PlaceSeries[]> | null = null;

  /** @param firstDataDay UTC day the property was created (no data before it). */
  constructor(
    private readonly traffic: TrafficConfig,
    private readonly demo: DemoInputs,
    private readonly firstDataDay: number,
  ) {}

  /** The traffic of UTC day `day` (days since 1970-01-01); [] before the property existed. */
  day(day: number): PlaceSeries[] {
    if (day < this.firstDataDay) return [];
    if (day >= this.demo.firstDay && day <= this.demo.lastDay)
      return this.airingDays().get(day) ?? [];
    const hit = this.days.get(day);
    if (hit) {
      this.days.delete(day);
      this.days.set(day, hit);
      return hit;
    }
    const seed = (this.traffic.seed ^ hashString(`day:${day}`)) >>> 0;
    const batches = [...simulateVisits(this.input([], day, day + 1, seed)).batches()];
    const series = this.toDays(batches, null, day, 1).get(day) ?? [];
    this.days.set(day, series);
    if (this.days.size > CACHED_DAYS) this.days.delete(this.days.keys().next().value as number);
    return series;
  }

  private airingDays(): Map<number, PlaceSeries[]> {
    if (this.block) return this.block;
    const { firstDay, lastDay, airings } = this.demo;
    const seed = this.traffic.seed;
    const withAirings = [
      ...simulateVisits(this.input(airings, firstDay, lastDay + 1, seed)).batches(),
    ];
    const baseline = [...simulateVisits(this.input([], firstDay, lastDay + 1, seed)).batches()];
    this.block = this.toDays(withAirings, baseline, firstDay, lastDay - firstDay + 1);
    return this.block;
  }

  private input(airings: Airing[], from: number, to: number, seed: number): SimulationInput {
    return {
      airings,
      fromUtc: from * 86400,
      toUtc: to * 86400,
      tvHomesByDma: this.demo.tvHomesByDma,
      tzByDma: this.demo.tzByDma,
      seed,
      dailyVisits: this.traffic.dailyVisits,
    };
  }

  /** Simulator batches (with their no-airing twin, or none) as per-day GA4 place series. */
  private toDays(batches: SimBatch[], baseline: SimBatch[] | null, first: number, count: number) {
    const dense = (b: SimBatch) => densify(b, first, count);
    const base = new Map((baseline ?? []).map((b) => [b.dmaCode, dense(b).sessions]));
    const out = new Map<number, PlaceSeries[]>();
    for (let d = 0; d < count; d++) out.set(first + d, []);
    for (const batch of batches) {
      const all = dense(batch);
      const baseSessions = base.get(batch.dmaCode);
      for (let d = 0; d < count; d++) {
        const day = first + d;
        const slice = (a: Uint32Array) => a.subarray(d * 1440, (d + 1) * 1440);
        const rng = createRng(
          (this.traffic.seed ^ hashString(`eng:${batch.dmaCode}:${day}`)) >>> 0,
        );
        const places =
          batch.dmaCode === '' ? UNKNOWN_PLACES.map((u) => u.place) : [gaPlaceOfDma(batch.dmaCode)];
        const series = places.map(emptySeries);
        const sessions = slice(all.sessions);
        const newUsers = slice(all.newUsers);
        const pageviews = slice(all.pageviews);
        const baseDay = baseSessions ? slice(baseSessions) : null;
        for (let m = 0; m < 1440; m++) {
          const s = sessions[m] as number;
          if (s === 0) continue;
          const target = series[
            batch.dmaCode === '' ? unknownPlaceIndex(rng.next()) : 0
          ] as PlaceSeries;
          const responders = baseDay ? Math.max(0, s - (baseDay[m] as number)) : 0;
          const eb = rng.binomial(s - responders, BASELINE_ENGAGEMENT.rate);
          const er = rng.binomial(responders, RESPONDER_ENGAGEMENT.rate);
          target.sessions[m] = s;
          target.newUsers[m] = newUsers[m] as number;
          target.pageviews[m] = pageviews[m] as number;
          target.engagedSessions[m] = eb + er;
          target.engagementS[m] = Math.round(
            eb * BASELINE_ENGAGEMENT.seconds * (rng.gamma(4) / 4) +
              er * RESPONDER_ENGAGEMENT.seconds * (rng.gamma(4) / 4) +
              (s - eb - er) * BOUNCE_SECONDS,
          );
        }
        out.get(day)?.push(...series);
      }
    }
    return out;
  }
}

function emptySeries(place: GaPlace): PlaceSeries {
  return {
    place,
    sessions: new Uint32Array(1440),
    newUsers: new Uint32Array(1440),
    pageviews: new Uint32Array(1440),
    engagedSessions: new Uint32Array(1440),
    engagementS: new Uint32Array(1440),
  };
}

/** A sparse simulator batch as dense arrays over `count` UTC days from day `first`. */
function densify(b: SimBatch, first: number, count: number): Dense {
  const n = count * 1440;
  const out = {
    sessions: new Uint32Array(n),
    newUsers: new Uint32Array(n),
    pageviews: new Uint32Array(n),
  };
  for (let i = 0; i < b.sessions.length; i++) {
    const m = ((b.minuteUtc[i] as number) - first * 86400) / 60;
    if (m < 0 || m >= n) continue;
    out.sessions[m] = b.sessions[i] as number;
    out.newUsers[m] = b.newUsers[i] as number;
    out.pageviews[m] = b.pageviews[i] as number;
  }
  return out;
}
