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
  let observed = 0;
  let expected = 0;
  let attributed = 0;
  let variance = 0;
  let cost = 0;
  let hasCost = false;
  let significant = 0;
  results.forEach((r, i) => {
    observed += r.observed;
    expected += r.expected;
    attributed += r.attributed;
    variance += (c.phis[i] ?? 1) * Math.max(r.expected, 0);
    if (r.significant) significant++;
    const a = airings[indexes[i] as number] as Airing;
    if (a.costCents !== null) {
      cost += a.costCents;
      hasCost = true;
    }
  });
  const series = pickSeries(airings, indexes, visits);
  const step = opts.step;
  const bFrom = Math.max(0, Math.ceil((opts.fromUtc - visits.startUtc) / step));
  const bTo = Math.min(visits.length, Math.ceil((opts.toUtc - visits.startUtc) / step));
  let total = 0;
  let onSum = 0;
  let onN = 0;
  let offSum = 0;
  let offN = 0;
  const onDays: number[] = [];
  const offDays: number[] = [];
  for (const s of series) {
    const mask = new Uint8Array(visits.length);
    for (const a of s.airings) {
      const lo = Math.max(0, grid.first[a] as number);
      const hi = Math.min(visits.length - 1, grid.last[a] as number);
      for (let t = lo; t <= hi; t++) mask[t] = 1;
    }
    const airDays = new Set<number>();
    for (const a of s.airings) {
      const u = (airings[a] as Airing).startUtc;
      airDays.add(Math.floor((u + tzOffsetSeconds(s.tz, u)) / 86400));
    }
    const days = new Map<number, { sum: number; n: number }>();
    let hour = Number.NaN;
    let off = 0;
    for (let t = bFrom; t < bTo; t++) {
      const v = s.x[t] as number;
      total += v;
      if (mask[t]) {
        onSum += v;
        onN++;
      } else {
        offSum += v;
        offN++;
      }
      const utc = visits.startUtc + t * step;
      const h = Math.floor(utc / 3600);
      if (h !== hour) {
        hour = h;
        off = tzOffsetSeconds(s.tz, utc);
      }
      const day = Math.floor((utc + off) / 86400);
      const d = days.get(day);
      if (d) {
        d.sum += v;
        d.n++;
      } else days.set(day, { sum: v, n: 1 });
    }
    for (const [day, d] of days) {
      if (d.n * step < 23 * 3600) continue;
      (airDays.has(day) ? onDays : offDays).push(d.sum);
    }
  }
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
    costCents: hasCost ? cost : null,
    significantAirings: significant,
    dispersion: c.dispersion,
  };
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
