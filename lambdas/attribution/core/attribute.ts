import { BaselineScratch, SeasonalBaseline } from './baseline';
import { summarizeCampaign } from './campaign';
import { estimateDispersion } from './dispersion';
import { accumulatePostWindow, type HaloScratch, type PostWindow } from './halo';
import { resolveOptions } from './options';
import { isDirectional, testExcess } from './significance';
import { type Accumulators, type NationalDeduction, newAccumulators, splitMarket } from './split';
import {
  type Airing,
  type AiringResult,
  type AttributionOptions,
  type AttributionResult,
  NATIONAL,
  type VisitData,
} from './types';
import { type AiringGrid, markWindows, mergeByFirst, placeAirings } from './windows';

/**
 * Attributes website visits to airings (method note §5.1–5.3; spec §9 window).
 *
 * Steps: 1. place airings on the visit grid and group them by market; 2. for each DMA with
 * airings: mask its windows (own + national), build the seasonal baseline, split each bucket's
 * excess among the active airings (national airings share but are credited later), estimate φ and
 * the halo post-window; 3. the national market does the same on the national series minus the
 * DMA airings' part of shared buckets, with its baseline built from a CLEANED national series in
 * which every DMA's local excess is replaced by that DMA's baseline (method note §5.1 step 3:
 * the median must not borrow past spikes; the national series sums all DMAs, and on the real
 * post-log local windows cover most national minutes, so past local spikes biased the national
 * baseline up and the recovered total 14% down); 4. test every airing (Poisson or over-dispersed z);
 * 5. summarise the campaign.
 *
 * A local airing whose DMA has no visit series gets observed = expected = attributed = 0.
 * Only airings starting in [fromUtc, toUtc) are returned (input order), but every airing masks
 * the baseline and shares minutes.
 * @throws RangeError for invalid options (see resolveOptions).
 */
export function attribute(
  airings: Airing[],
  visits: VisitData,
  options: AttributionOptions = {},
): AttributionResult {
  const opts = resolveOptions(visits, options);
  const grid = placeAirings(airings, visits, opts);
  const n = airings.length;
  const acc = newAccumulators(n);
  const post: PostWindow = { observed: new Float64Array(n), expected: new Float64Array(n) };
  const phi = new Float64Array(n).fill(1);
  const isNational = new Uint8Array(n);
  for (let i = 0; i < n; i++) isNational[i] = (airings[i] as Airing).market === NATIONAL ? 1 : 0;
  const nationalList = grid.byMarket.get(NATIONAL) ?? new Int32Array(0);
  const work = workBuffers(visits.length);
  const deduction = work.deduction;
  const spanBuckets = opts.step === 60 ? opts.windowMinutes : 1;
  const withHalo = (options.halo ?? true) && visits.resolution === 'minute';
  let sumSq = 0;
  let sumB = 0;
  // One set of per-bucket buffers for every market (same grid): no fresh arrays per market.
  const { scratch, excl, cleaned } = work;
  const halo = withHalo ? work.halo : undefined;

  const runMarket = (
    x: Float64Array,
    own: Int32Array,
    members: Int32Array,
    nationalMarket: boolean,
  ) => {
    excl.fill(0);
    markWindows(excl, members, grid);
    const bx = nationalMarket ? cleanNational(x, deduction.excess, cleaned) : x;
    const base = new SeasonalBaseline(bx, excl, opts, scratch);
    splitMarket({ x, base, members, isNational, nationalMarket, grid, acc, deduction });
    const d = estimateDispersion(base, spanBuckets);
    sumSq += d.sumSq;
    sumB += d.sumB;
    for (let m = 0; m < own.length; m++) phi[own[m] as number] = d.phi;
    if (withHalo) accumulatePostWindow(base, own, grid, acc, opts.windowMinutes, post, halo);
  };

  for (const [market, own] of grid.byMarket) {
    if (market === NATIONAL) continue;
    const x = visits.byMarket.get(market);
    if (!x || visits.length === 0) continue;
    runMarket(x, own, mergeByFirst(own, nationalList, grid.first), false);
  }
  if (nationalList.length > 0 && visits.length > 0) {
    runMarket(visits.national, nationalList, nationalList, true);
  }

  const { indexes, results, phis } = collectResults(airings, grid, acc, post, phi, opts.alpha);
  lastWork = work;
  const dispersion = sumB > 0 ? Math.max(1, sumSq / sumB) : 1;
  const campaign = summarizeCampaign({
    airings,
    indexes,
    results,
    phis,
    dispersion,
    grid,
    visits,
    opts,
  });
  return {
    resolution: visits.resolution,
    windowMinutes: opts.windowMinutes,
    airings: results,
    campaign,
  };
}

/**
 * One AiringResult per airing starting in the range (input order), with its index and φ. A
 * function of its own so V8 optimises the loop early (attribute() runs once per report).
 */
function collectResults(
  airings: Airing[],
  grid: AiringGrid,
  acc: Accumulators,
  post: PostWindow,
  phi: Float64Array,
  alpha: number,
): { indexes: number[]; results: AiringResult[]; phis: number[] } {
  const indexes: number[] = [];
  const results: AiringResult[] = [];
  const phis: number[] = [];
  for (let i = 0; i < airings.length; i++) {
    if (grid.inRange[i] !== 1) continue;
    const observed = acc.observed[i] as number;
    const expected = acc.expected[i] as number;
    const buckets = acc.buckets[i] as number;
    const meanShare = buckets > 0 ? (acc.share[i] as number) / buckets : 0;
    const t = testExcess(observed, expected, phi[i] as number, alpha);
    const directional = isDirectional(expected, meanShare);
    indexes.push(i);
    phis.push(phi[i] as number);
    results.push({
      airingId: (airings[i] as Airing).id,
      observed,
      expected,
      attributed: observed - expected,
      pValue: t.pValue,
      ciLow: t.ciLow,
      ciHigh: t.ciHigh,
      significant: t.pValue < alpha && !directional,
      directional,
      dispersion: phi[i] as number,
      meanShare,
      postObserved: post.observed[i] as number,
      postExpected: post.expected[i] as number,
    });
  }
  return { indexes, results, phis };
}

/**
 * National series with every DMA's local excess replaced by its baseline: x(t) − Σ_d (x_d − b_d)
 * over the buckets where a local airing of DMA d is active (visits per bucket; may dip below 0).
 */
function cleanNational(x: Float64Array, excess: Float64Array, out: Float64Array): Float64Array {
  for (let t = 0; t < x.length; t++) out[t] = (x[t] as number) - (excess[t] as number);
  return out;
}

/** Per-bucket work buffers of one attribute() run (see {@link workBuffers}). */
interface WorkBuffers {
  n: number;
  scratch: BaselineScratch;
  deduction: NationalDeduction;
  excl: Uint8Array;
  cleaned: Float64Array;
  /** Post-window buffers (accumulatePostWindow overwrites what it reads). */
  halo: HaloScratch;
}

let lastWork: WorkBuffers | undefined;

/**
 * Work buffers for a grid of n buckets (~22 MB for five months of minutes), kept from the previous
 * run when n matches: fresh typed arrays every run cost page faults and push V8 into full garbage
 * collections (external memory pressure). attribute() is synchronous, so runs never share them;
 * the deduction sums are zeroed here, the other buffers are fully rewritten before being read.
 * The run hands them back with `lastWork = work` once it has finished with them.
 */
function workBuffers(n: number): WorkBuffers {
  const kept = lastWork;
  // Taken, not shared: a run that throws never hands half-used buffers to the next one.
  lastWork = undefined;
  if (kept && kept.n === n) {
    const d = kept.deduction;
    d.x.fill(0);
    d.b.fill(0);
    d.excess.fill(0);
    return kept;
  }
  return {
    n,
    scratch: new BaselineScratch(n),
    deduction: {
      x: new Float64Array(n),
      b: new Float64Array(n),
      excess: new Float64Array(n),
    },
    excl: new Uint8Array(n),
    cleaned: new Float64Array(n),
    halo: { cover: new Int32Array(n), xShare: new Float64Array(n) },
  };
}
