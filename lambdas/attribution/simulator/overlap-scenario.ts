import { tzOffsetSeconds } from '../core/local-time';
import { normalQuantile } from '../core/stats';
import { type Airing, NATIONAL, type VisitData } from '../core/types';
import { createRng, hashString, type Rng } from './prng';
import { simulateVisits } from './simulate-visits';
import { visitDataFromSimulation } from './to-visit-data';

const DAY = 86_400;

/** Options of {@link overlapScenario}. */
export interface OverlapScenarioOptions {
  seed: number;
  /** 'minute' or 'hour' (hour = the same simulated minutes summed into clock hours). */
  resolution: 'minute' | 'hour';
  /**
   * Real airings (e.g. two busy months of the post-log, see {@link busiestStretch}) or undefined =
   * a generated schedule with heavy overlap (national cable over local), so the harness works
   * without ../shared/data. Every airing given is attributed unless `range` says otherwise.
   */
  airings?: Airing[];
  /**
   * The attributed range [fromUtc, toUtc), epoch seconds UTC, for given airings: airings before
   * it are history (they respond and mask the baseline as real past airings do, but are not
   * scored); none may start at or after toUtc. @default the given airings' UTC days
   */
  range?: { fromUtc: number; toUtc: number };
  /** Share of stations with no effect at all. @default 1/3 */
  noEffectShare?: number;
  /**
   * Size of the GENERATED schedule (ignored with `airings`): 'bench' = 8 DMAs, 56 local stations,
   * 6 national networks, 8 weeks attributed after 8 weeks of history (about 40,000 airings);
   * 'small' = 3 DMAs, 9 local stations, 3 networks, 3 weeks after 8 weeks (unit tests). @default 'bench'
   */
  size?: 'bench' | 'small';
  /**
   * TV homes per DMA code (the response and baseline scale with them). @default the generated
   * schedule's sizes; for given airings, equal sizes unless passed (e.g. from loadDmas()).
   */
  tvHomesByDma?: ReadonlyMap<string, number>;
}

/** A simulated schedule with a known injected response per airing. */
export interface OverlapScenario {
  airings: Airing[];
  /** Visits of the requested resolution, from the first history week to `toUtc`. */
  visits: VisitData;
  /** The attributed range, epoch seconds UTC (history before it feeds the baseline). */
  fromUtc: number;
  toUtc: number;
  /** Injected visits per airing id: inside its window, and in all (window + tail). */
  truth: Map<string, { window: number; all: number }>;
  /** Station keys (`${market}|${station}`) with no effect. */
  noEffectStations: Set<string>;
  /**
   * True response per station key: the expected visits per airing inside the window (the mean
   * of the injected draw, averaged over the station's airings; 0 for no-effect stations).
   */
  stationEffect: Map<string, number>;
}

/** Simulator knobs of the scenario: what makes its figures comparable to the hidden hold-out. */
export const OVERLAP_SIMULATION = {
  /** Baseline sessions per day over all DMAs of the scenario. */
  dailyVisits: 60_000,
  /** An airing of an average effective station brings this many minutes of its market's traffic. */
  effectMinutes: 1.5,
  /** Share of each response arriving after the 8-minute window (within the next hour). */
  tailShare: 0.2,
  /** Log-normal sigma of the effective stations' multipliers: 5th-95th percentile ≈ 14x apart. */
  effectSigma: 0.8,
  /** A national airing's response relative to a local one's, per visit of traffic it covers. */
  nationalReach: 0.15,
} as const;

/** `${market}|${station}`: the key of a station in the scenario's maps. */
export function stationKey(a: Pick<Airing, 'market' | 'station'>): string {
  return `${a.market}|${a.station}`;
}

/**
 * The accuracy scenario for overlapping airings: a schedule (real or generated) with simulated
 * visits (the simulator of simulate-visits.ts: diurnal and weekly curves, gamma-Poisson noise,
 * daypart effects of curves.ts) in which `noEffectShare` of the stations (chosen by the seed)
 * inject nothing and the others inject a log-normal multiplier of their market's traffic
 * (sigma {@link OVERLAP_SIMULATION}.effectSigma, so true responses differ by an order of
 * magnitude), 20% of it after the window. The attributed range runs from the first airing's UTC
 * day to the day after the last (or `range`); visits start 8 weeks earlier for the baseline.
 * Same options → same output.
 * @throws RangeError when `airings` is given but empty, or noEffectShare is outside [0, 1].
 */
export function overlapScenario(o: OverlapScenarioOptions): OverlapScenario {
  const share = o.noEffectShare ?? 1 / 3;
  if (!(share >= 0 && share <= 1)) throw new RangeError('noEffectShare must be in [0, 1]');
  if (o.airings && o.airings.length === 0) throw new RangeError('airings: none given');
  const size = o.size ?? 'bench';
  const generated = o.airings ? null : generateSchedule(o.seed, size);
  const airings = o.airings ?? (generated as GeneratedSchedule).airings;
  const historyWeeks = 8;

  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const a of airings) {
    first = Math.min(first, a.startUtc);
    last = Math.max(last, a.startUtc);
  }
  const fromUtc = o.range?.fromUtc ?? Math.floor(first / DAY) * DAY;
  const toUtc = o.range?.toUtc ?? Math.floor(last / DAY) * DAY + DAY;
  if (o.range && !(fromUtc < toUtc && last < toUtc)) {
    throw new RangeError('range: must end after the last airing and start before its end');
  }

  const keys = [...new Set(airings.map(stationKey))].sort();
  // The share is exact among the scored stations; stations airing only in the history draw apart.
  const scoredKeys = new Set(airings.filter((a) => a.startUtc >= fromUtc).map(stationKey));
  const rng = createRng((o.seed ^ 0x5eed0f) >>> 0);
  const effects = stationMultipliers(
    keys.filter((k) => scoredKeys.has(k)),
    share,
    rng,
  );
  for (const [k, e] of stationMultipliers(
    keys.filter((k) => !scoredKeys.has(k)),
    share,
    rng,
  ))
    effects.set(k, e);
  const noEffectStations = new Set(keys.filter((k) => effects.get(k) === 0));

  const markets = [...new Set(airings.map((a) => a.market).filter((m) => m !== NATIONAL))];
  const homes = o.tvHomesByDma ?? generated?.tvHomesByDma;
  const tvHomesByDma = new Map(markets.map((m) => [m, homes?.get(m) ?? 1]));
  const tzByDma = new Map<string, string>();
  for (const a of airings)
    if (a.market !== NATIONAL && !tzByDma.has(a.market)) tzByDma.set(a.market, a.tz);

  const simFrom = Math.min(fromUtc - historyWeeks * 7 * DAY, Math.floor(first / DAY) * DAY);
  const sim = simulateVisits({
    airings,
    fromUtc: simFrom,
    toUtc,
    tvHomesByDma,
    tzByDma,
    seed: o.seed,
    dailyVisits: OVERLAP_SIMULATION.dailyVisits,
    effectMinutes: OVERLAP_SIMULATION.effectMinutes,
    tailShare: OVERLAP_SIMULATION.tailShare,
    stationEffects: effects,
  });

  const truth = new Map<string, { window: number; all: number }>();
  // Mean expected window response per station over its scored airings (all, if it has none).
  const scored = new Map<string, { sum: number; n: number }>();
  const any = new Map<string, { sum: number; n: number }>();
  const byId = new Map(airings.map((a) => [a.id, a]));
  const add = (m: Map<string, { sum: number; n: number }>, key: string, v: number) => {
    const e = m.get(key) ?? { sum: 0, n: 0 };
    e.sum += v;
    e.n++;
    m.set(key, e);
  };
  for (const t of sim.truth) {
    truth.set(t.airingId, { window: t.inWindow, all: t.injected });
    const a = byId.get(t.airingId) as Airing;
    const v = t.expected * (1 - OVERLAP_SIMULATION.tailShare);
    add(any, stationKey(a), v);
    if (a.startUtc >= fromUtc) add(scored, stationKey(a), v);
  }
  const stationEffect = new Map(
    keys.map((k) => {
      const e = scored.get(k) ?? any.get(k);
      return [k, e && e.n > 0 ? e.sum / e.n : 0];
    }),
  );
  return {
    airings,
    visits: visitDataFromSimulation(sim, 'sessions', o.resolution),
    fromUtc,
    toUtc,
    truth,
    noEffectStations,
    stationEffect,
  };
}

/**
 * The `days`-day stretch of a post-log with the most airings (UTC days; ties: the earliest), and
 * its airings. For the accuracy bench on the real post-log: a busy schedule of heavy overlap.
 * @throws RangeError when there are no airings or days < 1.
 */
export function busiestStretch(
  airings: Airing[],
  days = 61,
): { fromUtc: number; toUtc: number; airings: Airing[] } {
  if (airings.length === 0) throw new RangeError('airings: none given');
  if (!(days >= 1)) throw new RangeError('days must be at least 1');
  const perDay = new Map<number, number>();
  for (const a of airings) {
    const d = Math.floor(a.startUtc / DAY);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  const sorted = [...perDay.keys()].sort((x, y) => x - y);
  const firstDay = sorted[0] as number;
  const lastDay = sorted[sorted.length - 1] as number;
  let best = firstDay;
  let bestCount = -1;
  let count = 0;
  for (let d = firstDay; d <= Math.max(firstDay, lastDay - days + 1); d++) {
    if (d === firstDay) for (let k = d; k < d + days; k++) count += perDay.get(k) ?? 0;
    else count += (perDay.get(d + days - 1) ?? 0) - (perDay.get(d - 1) ?? 0);
    if (count > bestCount) {
      bestCount = count;
      best = d;
    }
  }
  const fromUtc = best * DAY;
  const toUtc = (best + days) * DAY;
  return {
    fromUtc,
    toUtc,
    airings: airings.filter((a) => a.startUtc >= fromUtc && a.startUtc < toUtc),
  };
}

/**
 * Exactly round(share × n) stations (a seeded draw) at 0; the others log-normal multipliers
 * exp(σ·z − σ²/2) (mean 1) with z at evenly spaced normal quantiles in a seeded order, so every
 * seed spans the same range (about ±2σ for 50 stations) instead of hanging on a few extreme
 * draws. National stations are scaled by `nationalReach`: one cable network reaches a small part
 * of the country's audience, not all of it.
 */
function stationMultipliers(keys: string[], share: number, rng: Rng): Map<string, number> {
  const order = keys.map((k) => ({ k, u: rng.next() })).sort((x, y) => x.u - y.u);
  const zero = Math.round(share * keys.length);
  const n = keys.length - zero;
  const s = OVERLAP_SIMULATION.effectSigma;
  const out = new Map<string, number>();
  order.forEach(({ k }, i) => {
    const reach = k.startsWith(`${NATIONAL}|`) ? OVERLAP_SIMULATION.nationalReach : 1;
    const z = i < zero ? 0 : normalQuantile((i - zero + 0.5) / n);
    out.set(k, i < zero ? 0 : reach * Math.exp(s * z - (s * s) / 2));
  });
  return out;
}

interface GeneratedSchedule {
  airings: Airing[];
  tvHomesByDma: Map<string, number>;
}

/** DMAs of the generated schedule: code, time zone, TV homes (big to small markets). */
const GENERATED_DMAS: ReadonlyArray<readonly [string, string, number]> = [
  ['501', 'America/New_York', 7_300_000],
  ['803', 'America/Los_Angeles', 5_500_000],
  ['602', 'America/Chicago', 3_500_000],
  ['753', 'America/Phoenix', 1_900_000],
  ['528', 'America/New_York', 1_600_000],
  ['535', 'America/New_York', 940_000],
  ['839', 'America/Los_Angeles', 740_000],
  ['544', 'America/New_York', 710_000],
];
const NETWORKS = ['CNN', 'FOXNEWS', 'MSNBC', 'ESPN', 'HGTV', 'TBS'];
/** Relative chance of an airing in each local hour 0..23 (political buys favour news and prime). */
const HOUR_WEIGHT = [
  0.3, 0.2, 0.1, 0.1, 0.2, 0.6, 1.2, 1.4, 1.0, 0.8, 0.7, 0.7, 1.0, 0.8, 0.7, 0.8, 1.0, 1.4, 1.8,
  1.5, 1.4, 1.5, 1.3, 1.0,
];

/**
 * A seeded schedule built for overlap: every airing starts in a commercial break (within 2
 * minutes after :00, :15, :30 or :45 of a local hour weighted by HOUR_WEIGHT), so local stations
 * of a DMA collide with each other and national cable airings land on top of them. Local
 * stations air 4-25 spots a day (log-uniform), networks 5-12 (small: 8-20, so its
 * few networks still cover local airings). As on the real post-log's busiest two months, about
 * 30% of local airings start inside a national window and 40-50% share theirs with another
 * local station.
 */
function generateSchedule(seed: number, size: 'bench' | 'small'): GeneratedSchedule {
  const rng = createRng((seed ^ hashString('overlap-schedule')) >>> 0);
  const small = size === 'small';
  const dmas = GENERATED_DMAS.slice(0, small ? 3 : GENERATED_DMAS.length);
  const perDma = small ? 3 : 7;
  const networks = NETWORKS.slice(0, small ? 3 : NETWORKS.length);
  const weeks = small ? 3 : 8;
  const historyWeeks = 8;
  // History from Monday 2016-06-06, so it holds whole weeks of every weekday, and the whole
  // scenario inside daylight saving time: same-weekday history then sits at the same local hours.
  const from = Date.UTC(2016, 5, 6) / 1000 + historyWeeks * 7 * DAY;
  const cum: number[] = [];
  HOUR_WEIGHT.reduce((s, w, i) => {
    cum[i] = s + w;
    return s + w;
  }, 0);
  const total = cum[cum.length - 1] as number;
  const airings: Airing[] = [];
  const add = (market: string, tz: string, station: string, perDay: number) => {
    const type = market === NATIONAL ? 'cable' : 'tv';
    for (let d = 0; d < weeks * 7; d++) {
      const n = rng.poisson(perDay);
      for (let i = 0; i < n; i++) {
        const u = rng.next() * total;
        const hour = cum.findIndex((c) => c > u);
        const minute = 15 * Math.floor(rng.next() * 4) + Math.floor(rng.next() * 3);
        const second = Math.floor(rng.next() * 60);
        const local = from + d * DAY + hour * 3600 + minute * 60 + second;
        const startUtc = local - tzOffsetSeconds(tz, local);
        airings.push({
          id: '',
          startUtc,
          market,
          tz,
          station,
          stationType: type,
          network: market === NATIONAL ? station : null,
          program: null,
          cableZone: null,
          creative: `Spot ${1 + Math.floor(rng.next() * 4)}`,
          lengthS: rng.next() < 0.8 ? 30 : 60,
          costCents: null,
          impressions: null,
        });
      }
    }
  };
  for (const [code, tz] of dmas) {
    for (let s = 0; s < perDma; s++) {
      add(code, tz, `${String.fromCharCode(65 + s)}${code}-TV`, 4 * (25 / 4) ** rng.next());
    }
  }
  for (const net of networks)
    add(NATIONAL, 'America/New_York', net, small ? 8 + 12 * rng.next() : 5 + 7 * rng.next());
  airings.sort((x, y) => x.startUtc - y.startUtc || x.station.localeCompare(y.station));
  airings.forEach((a, i) => {
    a.id = String(i + 1);
  });
  return { airings, tvHomesByDma: new Map(dmas.map(([code, , homes]) => [code, homes])) };
}
