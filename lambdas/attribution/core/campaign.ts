import { tzOffsetSeconds } from './local-time';
import type { ResolvedOptions } from './options';
import { normalQuantile } from './stats';
import {
  type Airing,
  type AiringResult,
  type CampaignSummary,
  NATIONAL,
  type VisitData,
} from './types';
import type { AiringGrid } from './windows';

/** Inputs of {@link summarizeCampaign}; `results[i]` belongs to `airings[indexes[i]]`. */
export interface CampaignInput {
  airings: Airing[];
  indexes: number[];
  results: AiringResult[];
  /** φ used for each reported airing (same order as results). */
  phis: number[];
  dispersion: number;
  grid: AiringGrid;
  visits: VisitData;
  opts: ResolvedOptions;
}

interface Series {
  x: Float64Array;
  tz: string;
  airings: number[];
}

/**
 * Campaign-level outputs (method note §5.3, §5.1 step 7).
 * Series: the national series when any reported airing is national, else each DMA with reported
 * airings (DMAs without visits add nothing). totalVisits sums them over [fromUtc, toUtc).
 * relativeLift = ΣA/ΣE with a one-sided 95% lower bound from the over-dispersed z:
 * Var(ΣA) ≈ Σ φ_a·E_a (each bucket is split, so the airings' E add up to the covered baseline).
 * On/off air per minute: inside vs outside airing windows; per day: full local days (≥ 23 h of
 * data) with ≥ 1 airing start vs none, in the series' local time.
 */
export function summarizeCampaign(c: CampaignInput): CampaignSummary {
  const { airings, indexes, results, visits, opts, grid } = c;
  const r = sumResults(c);
  const series = pickSeries(airings, indexes, visits);
  const step = opts.step;
  const bFrom = Math.max(0, Math.ceil((opts.fromUtc - visits.startUtc) / step));
  const bTo = Math.min(visits.length, Math.ceil((opts.toUtc - visits.startUtc) / step));
  const sums: OnOffSums = { total: 0, onSum: 0, onN: 0, offSum: 0, offN: 0 };
  const onDays: number[] = [];
  const offDays: number[] = [];
  for (const s of series) {
    const mask = windowMask(s.airings, grid, visits.length);
    const airDays = airingDays(s, airings);
    const days = scanSeries(s, mask, bFrom, bTo, visits.startUtc, step, sums);
    for (const [day, d] of days) {
      if (d.n * step < 23 * 3600) continue;
      (airDays.has(day) ? onDays : offDays).push(d.sum);
    }
  }
  const { total, onSum, onN, offSum, offN } = sums;
  const { observed, expected, attributed, variance } = r;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((p, q) => p + q, 0) / xs.length : null);
  const perMinute = step / 60;
  const relativeLift = expected > 0 ? attributed / expected : 0;
  const z = normalQuantile(1 - opts.alpha);
  return {
    airings: results.length,
    totalVisits: total,
    attributedVisits: attributed,
    observedVisits: observed,
    expectedVisits: expected,
    liftShare: total > 0 ? attributed / total : 0,
    relativeLift,
    relativeLiftLow: expected > 0 ? (attributed - z * Math.sqrt(variance)) / expected : 0,
    onAirPerMinute: onN > 0 ? onSum / (onN * perMinute) : 0,
    offAirPerMinute: offN > 0 ? offSum / (offN * perMinute) : 0,
    onAirPerDay: mean(onDays),
    offAirPerDay: mean(offDays),
    costCents: r.hasCost ? r.cost : null,
    significantAirings: r.significant,
    dispersion: c.dispersion,
  };
}

/** Sums over the reported airings (results order). */
interface ResultSums {
  observed: number;
  expected: number;
  attributed: number;
  /** Σ φ_a·max(E_a, 0). */
  variance: number;
  /** Σ cost in cents of the airings that have one. */
  cost: number;
  hasCost: boolean;
  significant: number;
}

/**
 * {@link ResultSums} of the campaign's airings. The hot loops of summarizeCampaign live in small
 * functions of their own so V8 optimises them early (a report runs the campaign summary once).
 */
function sumResults(c: CampaignInput): ResultSums {
  const { airings, indexes, results, phis } = c;
  let observed = 0;
  let expected = 0;
  let attributed = 0;
  let variance = 0;
  let cost = 0;
  let hasCost = false;
  let significant = 0;
  for (let i = 0; i < results.length; i++) {
    const r = results[i] as AiringResult;
    observed += r.observed;
    expected += r.expected;
    attributed += r.attributed;
    variance += (phis[i] ?? 1) * Math.max(r.expected, 0);
    if (r.significant) significant++;
    const a = airings[indexes[i] as number] as Airing;
    if (a.costCents !== null) {
      cost += a.costCents;
      hasCost = true;
    }
  }
  return { observed, expected, attributed, variance, cost, hasCost, significant };
}

/** 1 for every bucket inside a window of the given airings. */
function windowMask(list: number[], grid: AiringGrid, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as number;
    const lo = Math.max(0, grid.first[a] as number);
    const hi = Math.min(length - 1, grid.last[a] as number);
    for (let t = lo; t <= hi; t++) mask[t] = 1;
  }
  return mask;
}

/** Local day numbers (days since 1970-01-01 in the series' zone) with at least one airing start. */
function airingDays(s: Series, airings: Airing[]): Set<number> {
  const days = new Set<number>();
  for (let i = 0; i < s.airings.length; i++) {
    const u = (airings[s.airings[i] as number] as Airing).startUtc;
    days.add(Math.floor((u + tzOffsetSeconds(s.tz, u)) / 86400));
  }
  return days;
}

/** Visits inside (on) and outside (off) airing windows over all series, in series order. */
interface OnOffSums {
  total: number;
  onSum: number;
  onN: number;
  offSum: number;
  offN: number;
}

/**
 * Adds buckets [bFrom, bTo) of one series to `sums` (mask 1 = inside an airing window) and
 * returns its visits per local day (day number → sum and bucket count).
 */
function scanSeries(
  s: Series,
  mask: Uint8Array,
  bFrom: number,
  bTo: number,
  startUtc: number,
  step: number,
  sums: OnOffSums,
): Map<number, { sum: number; n: number }> {
  const x = s.x;
  let { total, onSum, onN, offSum, offN } = sums;
  const days = new Map<number, { sum: number; n: number }>();
  let hour = Number.NaN;
  let off = 0;
  // The day record of the previous bucket: consecutive buckets mostly share a local day.
  let dayKey = Number.NaN;
  let dayRec: { sum: number; n: number } | undefined;
  for (let t = bFrom; t < bTo; t++) {
    const v = x[t] as number;
    total += v;
    if (mask[t]) {
      onSum += v;
      onN++;
    } else {
      offSum += v;
      offN++;
    }
    const utc = startUtc + t * step;
    const h = Math.floor(utc / 3600);
    if (h !== hour) {
      hour = h;
      off = tzOffsetSeconds(s.tz, utc);
    }
    const day = Math.floor((utc + off) / 86400);
    if (day === dayKey && dayRec) {
      dayRec.sum += v;
      dayRec.n++;
      continue;
    }
    dayKey = day;
    dayRec = days.get(day);
    if (dayRec) {
      dayRec.sum += v;
      dayRec.n++;
    } else {
      dayRec = { sum: v, n: 1 };
      days.set(day, dayRec);
    }
  }
  sums.total = total;
  sums.onSum = onSum;
  sums.onN = onN;
  sums.offSum = offSum;
  sums.offN = offN;
  return days;
}

function pickSeries(airings: Airing[], indexes: number[], visits: VisitData): Series[] {
  const national = indexes.filter((i) => (airings[i] as Airing).market === NATIONAL);
  if (national.length > 0) {
    const tz = (airings[national[0] as number] as Airing).tz;
    return [{ x: visits.national, tz, airings: indexes }];
  }
  const byMarket = new Map<string, number[]>();
  for (const i of indexes) {
    const m = (airings[i] as Airing).market;
    const list = byMarket.get(m) ?? [];
    list.push(i);
    byMarket.set(m, list);
  }
  const out: Series[] = [];
  for (const [m, list] of byMarket) {
    const x = visits.byMarket.get(m);
    if (x) out.push({ x, tz: (airings[list[0] as number] as Airing).tz, airings: list });
  }
  return out;
}
