import { collectResults } from './airing-results';
import { SeasonalBaseline } from './baseline';
import { summarizeCampaign } from './campaign';
import { applyDeductionLog } from './deduction-log';
import { estimateDispersion } from './dispersion';
import { accumulatePostWindow, type PostWindow } from './halo';
import {
  type DmaTask,
  type MarketContext,
  type MarketOutcome,
  type MarketWork,
  runLocalMarket,
} from './local-market';
import { resolveOptions } from './options';
import {
  applyOverlapLog,
  clearOverlapLog,
  keepOverlapLogs,
  type OverlapLog,
  takeOverlapLogs,
} from './overlap-log';
import { type SharedMarket, splitByResponse } from './response-split';
import { type Accumulators, keepAccumulators, newAccumulators, splitMarket } from './split';
import { shrinkAirings } from './station-shrink';
import {
  type Airing,
  type AttributionOptions,
  type AttributionResult,
  NATIONAL,
  type VisitData,
} from './types';
import { type AiringGrid, markWindows, mergeByFirst, placeAirings } from './windows';
import { keepWorkBuffers, takeWorkBuffers, type WorkBuffers } from './work-buffers';

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
  const run = startRun(airings, visits, options);
  const work = run.work.market;
  // Each DMA logs its shared buckets into a log of its own, which the response split reads after
  // the national market (one reused log would need a copy per DMA), kept for the next run.
  const logs = run.ctx.split === 'response' ? takeOverlapLogs(run.tasks.length, work.n) : [];
  const nationalLog = work.overlap;
  run.tasks.forEach((task, i) => {
    if (logs.length > 0) work.overlap = logs[i] as OverlapLog;
    absorb(run, task, runLocalMarket(run.ctx, task, run.acc, run.post, work));
  });
  work.overlap = nationalLog;
  const result = finishRun(run);
  if (logs.length > 0) keepOverlapLogs(logs);
  keepAccumulators(run.acc);
  return result;
}

/**
 * Runs the DMA markets of one attribute() call (each with {@link runLocalMarket}), on this
 * thread or others. Resolves with one outcome per task, in task order, each log its own copy;
 * by then every task's own airings have their values in `acc` and `post`.
 */
export interface MarketRunner {
  runMarkets(
    ctx: MarketContext,
    tasks: DmaTask[],
    here: { acc: Accumulators; post: PostWindow; work: MarketWork },
  ): Promise<MarketOutcome[]>;
}

/**
 * {@link attribute} with the DMA markets run by `runner` (worker threads: DMAs are independent
 * until the national market, which runs here after them). The same bits as attribute(): the
 * outcomes are absorbed in market order (deduction-log.ts).
 * @throws RangeError for invalid options; whatever the runner rejects with.
 */
export async function attributeWith(
  runner: MarketRunner,
  airings: Airing[],
  visits: VisitData,
  options: AttributionOptions = {},
): Promise<AttributionResult> {
  const run = startRun(airings, visits, options);
  const outcomes = await runner.runMarkets(run.ctx, run.tasks, {
    acc: run.acc,
    post: run.post,
    work: run.work.market,
  });
  run.tasks.forEach((task, i) => {
    absorb(run, task, outcomes[i] as MarketOutcome);
  });
  const result = finishRun(run);
  keepAccumulators(run.acc);
  return result;
}

/** No response profile: the station shrinkage measures each airing on its A. */
const NO_PROFILE = new Float64Array(0);

/** No airing has impressions: the response split's empty column of them. */
const NO_IMPRESSIONS = new Float64Array(0);

/** State of one attribute() run between its steps (see {@link startRun}). */
interface Run {
  airings: Airing[];
  visits: VisitData;
  options: AttributionOptions;
  ctx: MarketContext;
  grid: AiringGrid;
  acc: Accumulators;
  post: PostWindow;
  phi: Float64Array;
  nationalList: Int32Array;
  tasks: DmaTask[];
  work: WorkBuffers;
  sumSq: number;
  sumB: number;
  /** 'response': the DMAs' shared buckets, in market order, and each one's DMA code. */
  shared: SharedMarket['log'][];
  sharedMarkets: string[];
}

/** Step 1: options, the airings on the grid, zeroed accumulators and one task per DMA with visits. */
function startRun(airings: Airing[], visits: VisitData, options: AttributionOptions): Run {
  const opts = resolveOptions(visits, options, airings);
  const split = options.split ?? 'response';
  if (split !== 'equal' && split !== 'response') {
    throw new RangeError(`split must be 'equal' or 'response', got "${String(split)}"`);
  }
  const grid = placeAirings(airings, visits, opts, split === 'response');
  const n = airings.length;
  const isNational = new Uint8Array(n);
  for (let i = 0; i < n; i++) isNational[i] = (airings[i] as Airing).market === NATIONAL ? 1 : 0;
  const nationalList = grid.byMarket.get(NATIONAL) ?? new Int32Array(0);
  const ctx: MarketContext = {
    opts,
    grid: { first: grid.first, last: grid.last, imp: grid.imp },
    isNational,
    withHalo: (options.halo ?? true) && visits.resolution === 'minute',
    spanBuckets: opts.step === 60 ? opts.windowMinutes : 1,
    split,
    // The profile by minute since the start needs minutes: an hour bucket holds the whole window.
    profileSpan: split === 'response' && opts.step === 60 ? opts.windowMinutes : 0,
  };
  const tasks: DmaTask[] = [];
  for (const [market, own] of grid.byMarket) {
    if (market === NATIONAL) continue;
    const x = visits.byMarket.get(market);
    if (!x || visits.length === 0) continue;
    tasks.push({ market, x, own, members: mergeByFirst(own, nationalList, grid.first) });
  }
  return {
    airings,
    visits,
    options,
    ctx,
    grid,
    acc: newAccumulators(n, ctx.profileSpan),
    post: { observed: new Float64Array(n), expected: new Float64Array(n) },
    phi: new Float64Array(n).fill(1),
    nationalList,
    tasks,
    work: takeWorkBuffers(visits.length),
    sumSq: 0,
    sumB: 0,
    shared: [],
    sharedMarkets: [],
  };
}

/** Step 2, per DMA in market order: its φ, its dispersion sums and its part of the deduction. */
function absorb(run: Run, task: DmaTask, o: MarketOutcome): void {
  run.sumSq += o.sumSq;
  run.sumB += o.sumB;
  for (let m = 0; m < task.own.length; m++) run.phi[task.own[m] as number] = o.phi;
  applyDeductionLog(o.log, run.work.deduction);
  if (o.overlap && o.overlap.length > 0) {
    run.shared.push(o.overlap);
    run.sharedMarkets.push(task.market);
    // The shared buckets' excess, and the national market re-splits those a national airing shares.
    applyOverlapLog(o.overlap, run.work.deduction.excess, run.work.dependent);
  }
}

/** Steps 3–5: the national market, the tests of every airing and the campaign summary. */
function finishRun(run: Run): AttributionResult {
  const { airings, visits, ctx, grid, acc, post, phi, nationalList, work } = run;
  const { opts } = ctx;
  const response = ctx.split === 'response';
  const markets: SharedMarket[] = [];
  if (nationalList.length > 0 && visits.length > 0) {
    const { excl, scratch, halo, log, overlap } = work.market;
    if (response) clearOverlapLog(overlap, ctx.profileSpan);
    excl.fill(0);
    markWindows(excl, nationalList, grid);
    const bx = cleanNational(visits.national, work.deduction.excess, work.cleaned);
    const base = new SeasonalBaseline(bx, excl, opts, scratch);
    splitMarket({
      x: visits.national,
      base,
      members: nationalList,
      isNational: ctx.isNational,
      nationalMarket: true,
      grid,
      acc,
      deduction: work.deduction,
      log,
      overlap: response ? overlap : null,
      dependent: response ? work.dependent : null,
    });
    const d = estimateDispersion(base, ctx.spanBuckets);
    run.sumSq += d.sumSq;
    run.sumB += d.sumB;
    for (let m = 0; m < nationalList.length; m++) phi[nationalList[m] as number] = d.phi;
    if (ctx.withHalo) {
      accumulatePostWindow(base, nationalList, grid, acc, opts.windowMinutes, post, halo);
    }
    if (response) {
      run.shared.forEach((log, i) => {
        const scale = nationalShare(log, visits.national);
        markets.push({
          log,
          national: false,
          scale,
          tz: opts.tzByMarket.get(run.sharedMarkets[i] as string),
        });
      });
      if (overlap.length > 0) {
        markets.push({ log: overlap, national: true, scale: 1, tz: opts.tzByMarket.get(NATIONAL) });
      }
    }
  } else if (response) {
    run.shared.forEach((log, i) => {
      markets.push({
        log,
        national: false,
        scale: 0,
        tz: opts.tzByMarket.get(run.sharedMarkets[i] as string),
      });
    });
  }
  let profile: Float64Array = NO_PROFILE;
  if (markets.length > 0) {
    ({ profile } = splitByResponse({
      airings,
      byMarket: grid.byMarket,
      keys: grid.keys,
      first: grid.first,
      imp: grid.anyImpressions ? grid.imp : NO_IMPRESSIONS,
      isNational: ctx.isNational,
      acc,
      markets,
      dx: work.deduction.x,
      db: work.deduction.b,
      profile: ctx.profileSpan > 0,
      seasonalFrom: opts.minBaselineWeeks * opts.weekBuckets,
      reportedFrom: grid.reportedFrom,
      ...(opts.step === 3600 ? { seriesStartUtc: opts.seriesStartUtc } : {}),
    }));
  }
  // Every station's mean shrinks toward its peers (station-shrink.ts), shared minutes or not.
  // Named fields, not a spread of acc: a spread object takes a map of its own whenever acc's
  // does, and the shrinkage's optimised code then starts over on every run.
  const shift = response
    ? shrinkAirings({
        airings,
        keys: grid.keys,
        observed: acc.observed,
        expected: acc.expected,
        buckets: acc.buckets,
        inRange: grid.inRange,
        span: acc.span,
        byMinute: acc.byMinute,
        byProfile: acc.byProfile,
        profile,
      })
    : null;

  const { indexes, results, phis } = collectResults(
    airings,
    grid,
    acc,
    post,
    phi,
    opts.alpha,
    shift,
  );
  keepWorkBuffers(work);
  const dispersion = run.sumB > 0 ? Math.max(1, run.sumSq / run.sumB) : 1;
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
 * A DMA's share of the national visits in the buckets where it shared minutes with national
 * airings: Σ x_d / Σ x_N over those buckets (0 when none). A national airing's expected response
 * in the DMA is this share of its national response (response-split.ts).
 */
function nationalShare(log: SharedMarket['log'], national: Float64Array): number {
  const { t, xv, withNational } = log;
  let dma = 0;
  let all = 0;
  for (let k = 0; k < log.length; k++) {
    if (withNational[k] === 1) {
      dma += xv[k] as number;
      all += national[t[k] as number] as number;
    }
  }
  return all > 0 ? Math.max(0, dma / all) : 0;
}

/**
 * National series with every DMA's local excess replaced by its baseline: x(t) − Σ_d (x_d − b_d)
 * over the buckets where a local airing of DMA d is active (visits per bucket; may dip below 0).
 */
function cleanNational(x: Float64Array, excess: Float64Array, out: Float64Array): Float64Array {
  for (let t = 0; t < x.length; t++) out[t] = (x[t] as number) - (excess[t] as number);
  return out;
}
