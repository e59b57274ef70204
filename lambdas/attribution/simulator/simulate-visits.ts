import { daypartOf } from '../core/dayparts';
import { tzOffsetSeconds } from '../core/local-time';
import { type Airing, NATIONAL } from '../core/types';
import { DAYPART_EFFECT, RESPONSE_PROFILE, TAIL_PROFILE, trafficShape } from './curves';
import { createRng, hashString, type Rng } from './prng';

/** Inputs of {@link simulateVisits}. */
export interface SimulationInput {
  airings: Airing[];
  /** Simulated range [fromUtc, toUtc), epoch seconds UTC (floored to minutes). */
  fromUtc: number;
  toUtc: number;
  /** TV homes per DMA code; DMAs missing from it get the mean size (or 1 when empty: equal sizes). */
  tvHomesByDma: Map<string, number>;
  seed: number;
  /** Baseline sessions per day summed over every DMA of `tvHomesByDma`. @default 40000 */
  dailyVisits?: number;
  /** Share of baseline and response visits with unknown geography. @default 0.03 */
  unknownGeoShare?: number;
  /** Gamma shape of the per-minute noise: variance = λ + λ²/shape. @default 20 */
  noiseShape?: number;
  /** An effective airing brings this many minutes of its market's average traffic. @default 4 */
  effectMinutes?: number;
  /** Time zone per DMA for DMAs without airings. @default 'America/New_York' */
  tzByDma?: Map<string, string>;
  /**
   * Effect multiplier per station key `${market}|${station}` (0 = no effect at all); stations
   * missing from it get {@link stationEffect}. @default none (every station seeded by name)
   */
  stationEffects?: ReadonlyMap<string, number>;
  /**
   * Share (0..1) of each airing's response that arrives after its 8-minute window, spread over
   * the next hour by TAIL_PROFILE; the rest follows RESPONSE_PROFILE. @default 0 (all in the window)
   */
  tailShare?: number;
}

/**
 * Ground truth of one simulated airing: `injected` visits in all (window + tail; only those
 * inside the simulated range), `inWindow` of them in the airing's 8-minute window, and
 * `expected` = the mean of the Poisson draw (window + tail), visits.
 */
export interface SimTruth {
  airingId: string;
  injected: number;
  inWindow: number;
  expected: number;
}

/** One DMA's simulated minutes (only minutes with ≥ 1 session), columnar. dmaCode '' = unknown geography. */
export interface SimBatch {
  dmaCode: string;
  minuteUtc: Float64Array;
  sessions: Uint32Array;
  newUsers: Uint32Array;
  pageviews: Uint32Array;
}

/** Result: the ground truth is known up front; batches are generated lazily, one DMA at a time. */
export interface Simulation {
  fromUtc: number;
  minutes: number;
  dmaCodes: string[];
  truth: SimTruth[];
  batches(): Iterable<SimBatch>;
}

const NEW_USER_SHARE = 0.65;
const EXTRA_PAGEVIEWS = 1.5;

/**
 * Seeded visits simulator (method note §5.4): per-DMA minute sessions with a diurnal and weekly
 * curve in local time, scaled by TV homes, gamma-Poisson noise, a small unknown-geography share,
 * and a response to each airing in [fromUtc, toUtc) that peaks in minute 1 (profile
 * RESPONSE_PROFILE). Effects vary by station (about 20% of stations have none) and daypart;
 * national airings spread their response over all simulated DMAs by TV homes.
 * DMAs simulated: those of local airings, plus every DMA of the map when any airing is national.
 * new users ≈ 65% of sessions, pageviews ≈ 2.5 × sessions. Same input + seed → same output.
 */
export function simulateVisits(input: SimulationInput): Simulation {
  const fromUtc = Math.floor(input.fromUtc / 60) * 60;
  const minutes = Math.max(0, Math.ceil((input.toUtc - fromUtc) / 60));
  const unknownShare = input.unknownGeoShare ?? 0.03;
  const dailyVisits = input.dailyVisits ?? 40000;
  const hasNational = input.airings.some((a) => a.market === NATIONAL);
  const tz = new Map(input.tzByDma ?? []);
  const codes = new Set<string>();
  for (const a of input.airings) {
    if (a.market === NATIONAL) continue;
    codes.add(a.market);
    if (!tz.has(a.market)) tz.set(a.market, a.tz);
  }
  if (hasNational || codes.size === 0) for (const k of input.tvHomesByDma.keys()) codes.add(k);
  const dmaCodes = [...codes].sort();
  const known = [...input.tvHomesByDma.values()];
  const fallback = known.length ? known.reduce((s, v) => s + v, 0) / known.length : 1;
  const homes = dmaCodes.map((d) => input.tvHomesByDma.get(d) ?? fallback);
  const mapTotal = known.reduce((s, v) => s + v, 0);
  const missing = dmaCodes.filter((d) => !input.tvHomesByDma.has(d)).length;
  const totalHomes = mapTotal + missing * fallback;
  const perMinute = homes.map(
    (h) => ((dailyVisits * (1 - unknownShare)) / 1440) * (h / totalHomes),
  );
  const simTotal = perMinute.reduce((s, v) => s + v, 0);
  const cumHomes = cumulative(homes);

  const rng = createRng(input.seed);
  const events = new Map<string, number[]>();
  const push = (code: string, minute: number) => {
    if (minute < 0 || minute >= minutes) return false;
    let list = events.get(code);
    if (!list) {
      list = [];
      events.set(code, list);
    }
    list.push(minute);
    return true;
  };
  const index = new Map(dmaCodes.map((d, i) => [d, i]));
  const tailShare = input.tailShare ?? 0;
  if (!(tailShare >= 0 && tailShare <= 1)) throw new RangeError('tailShare must be in [0, 1]');
  const truth = input.airings
    .filter((a) => a.startUtc >= input.fromUtc && a.startUtc < input.toUtc)
    .map((a): SimTruth => {
      const rate = a.market === NATIONAL ? simTotal : (perMinute[index.get(a.market) ?? -1] ?? 0);
      const effect =
        input.stationEffects?.get(`${a.market}|${a.station}`) ??
        stationEffect(a.station, input.seed);
      const mean =
        (input.effectMinutes ?? 4) * rate * effect * (DAYPART_EFFECT[daypartOf(a).key] ?? 1);
      const n = rng.poisson(mean);
      const start = Math.floor((a.startUtc - fromUtc) / 60);
      let injected = 0;
      let inWindow = 0;
      for (let v = 0; v < n; v++) {
        // No extra draw without a tail, so the default keeps every seed's old output.
        const late = tailShare > 0 && rng.next() < tailShare;
        const offset = late
          ? RESPONSE_PROFILE.length + pick(TAIL_PROFILE, rng.next())
          : pick(RESPONSE_PROFILE, rng.next());
        const minute = start + offset;
        const code =
          rng.next() < unknownShare
            ? ''
            : a.market === NATIONAL
              ? (dmaCodes[pickCumulative(cumHomes, rng.next())] as string)
              : a.market;
        if (push(code, minute)) {
          injected++;
          if (!late) inWindow++;
        }
      }
      return { airingId: a.id, injected, inWindow, expected: mean };
    });

  const series: Array<{ code: string; rate: number; tz: string }> = dmaCodes.map((code, i) => ({
    code,
    rate: perMinute[i] as number,
    tz: tz.get(code) ?? 'America/New_York',
  }));
  series.push({ code: '', rate: (dailyVisits * unknownShare) / 1440, tz: 'America/New_York' });
  const shape = input.noiseShape ?? 20;
  return {
    fromUtc,
    minutes,
    dmaCodes,
    truth,
    *batches() {
      for (const s of series) {
        const r = createRng((input.seed ^ hashString(`dma:${s.code}`)) >>> 0);
        yield simulateSeries(s, events.get(s.code) ?? [], fromUtc, minutes, shape, r);
      }
    },
  };
}

function simulateSeries(
  s: { code: string; rate: number; tz: string },
  responses: number[],
  fromUtc: number,
  minutes: number,
  shape: number,
  r: Rng,
): SimBatch {
  const counts = new Uint32Array(minutes);
  let hour = Number.NaN;
  let off = 0;
  for (let m = 0; m < minutes; m++) {
    const utc = fromUtc + m * 60;
    const h = Math.floor(utc / 3600);
    if (h !== hour) {
      hour = h;
      off = tzOffsetSeconds(s.tz, utc);
    }
    const local = utc + off;
    const day = Math.floor(local / 86400);
    const weekday = ((day + 3) % 7) + 1; // 1970-01-01 was a Thursday
    const lambda = s.rate * trafficShape(Math.floor((local - day * 86400) / 60), weekday);
    counts[m] = r.poisson((lambda * r.gamma(shape)) / shape);
  }
  for (const m of responses) counts[m] = (counts[m] as number) + 1;
  let n = 0;
  for (let m = 0; m < minutes; m++) if ((counts[m] as number) > 0) n++;
  const out: SimBatch = {
    dmaCode: s.code,
    minuteUtc: new Float64Array(n),
    sessions: new Uint32Array(n),
    newUsers: new Uint32Array(n),
    pageviews: new Uint32Array(n),
  };
  let k = 0;
  for (let m = 0; m < minutes; m++) {
    const c = counts[m] as number;
    if (c === 0) continue;
    out.minuteUtc[k] = fromUtc + m * 60;
    out.sessions[k] = c;
    out.newUsers[k] = r.binomial(c, NEW_USER_SHARE);
    out.pageviews[k] = c + r.poisson(EXTRA_PAGEVIEWS * c);
    k++;
  }
  return out;
}

/** Station effect multiplier (mean ≈ 1 over effective stations); ~20% of stations get 0. Seeded by name. */
export function stationEffect(station: string, seed: number): number {
  const r = createRng((hashString(`station:${station}`) ^ seed) >>> 0);
  if (r.next() < 0.2) return 0;
  return Math.exp(0.6 * r.normal() - 0.18);
}

function cumulative(w: number[]): Float64Array {
  const c = new Float64Array(w.length);
  let s = 0;
  w.forEach((v, i) => {
    s += v;
    c[i] = s;
  });
  return c;
}

function pickCumulative(cum: Float64Array, u: number): number {
  const target = u * (cum[cum.length - 1] ?? 0);
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] as number) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function pick(p: readonly number[], u: number): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    s += p[i] as number;
    if (u < s) return i;
  }
  return p.length - 1;
}
