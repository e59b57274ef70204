import { BaselineScratch, SeasonalBaseline } from './baseline';
import { type DeductionLog, newDeductionLog } from './deduction-log';
import { estimateDispersion } from './dispersion';
import { accumulatePostWindow, type HaloScratch, type PostWindow } from './halo';
import type { ResolvedOptions } from './options';
import { clearOverlapLog, newOverlapLog, type OverlapLog } from './overlap-log';
import { type Accumulators, splitMarket } from './split';
import { countWindows, type GridColumns, markWindows } from './windows';

/**
 * What every DMA run of one attribute() call reads: options, the airings' grid columns and
 * national flags (per input airing index). Plain data, so a worker thread can get a copy.
 */
export interface MarketContext {
  opts: ResolvedOptions;
  grid: GridColumns;
  /** 1 = national airing. */
  isNational: Uint8Array;
  /** Halo post-window sums (minute mode, unless turned off). */
  withHalo: boolean;
  /** Buckets per dispersion pseudo-window (the window in minute mode, 1 in hour mode). */
  spanBuckets: number;
  /** AttributionOptions.split: 'response' leaves shared buckets to the response split. */
  split: 'equal' | 'response';
  /** Offsets of the response profile by minute since an airing's start (0 = no profile). */
  profileSpan: number;
}

/** One DMA to run: its visit series and its airings. */
export interface DmaTask {
  /** DMA code. */
  market: string;
  /** Visits per bucket of the DMA. */
  x: Float64Array;
  /** The DMA's own airings, sorted by first bucket. */
  own: Int32Array;
  /** Own plus national airings (the national ones share buckets), sorted by first bucket. */
  members: Int32Array;
}

/** What a DMA run returns besides the accumulators it wrote for its own airings. */
export interface MarketOutcome {
  /** Σ(X − B)² and ΣB of the dispersion windows (pooled over markets in market order). */
  sumSq: number;
  sumB: number;
  /** φ of the DMA's airings. */
  phi: number;
  /** Its part of the national deduction (see deduction-log.ts). */
  log: DeductionLog;
  /** 'response': its shared buckets (overlap-log.ts); null under 'equal'. */
  overlap: OverlapLog | null;
}

/** Per-bucket buffers of DMA runs on one thread, reused run after run (see {@link marketWork}). */
export interface MarketWork {
  n: number;
  scratch: BaselineScratch;
  excl: Uint8Array;
  /** Hour mode: own airings active per bucket (see countWindows). */
  active: Uint8Array;
  halo: HaloScratch;
  log: DeductionLog;
  overlap: OverlapLog;
}

/** Work buffers for series of n buckets (`kept` when its n matches). */
export function marketWork(n: number, kept?: MarketWork): MarketWork {
  if (kept && kept.n === n) return kept;
  return {
    n,
    scratch: new BaselineScratch(n),
    excl: new Uint8Array(n),
    active: new Uint8Array(n),
    halo: { cover: new Int32Array(n), xShare: new Float64Array(n) },
    log: newDeductionLog(n >> 2),
    overlap: newOverlapLog(n >> 4, 0),
  };
}

/**
 * Runs one DMA (method note §5.1 steps 3–6, §5.3): masks the windows of its own and the national
 * airings, builds its seasonal baseline, splits each bucket's excess (crediting only its own
 * airings in `acc`), estimates φ and adds the halo post-window sums of its own airings to `post`.
 * Writes only its own airings' entries of `acc` and `post`; the national part goes to the
 * returned log and, under `split: 'response'`, the shared buckets to the returned overlap log
 * (both valid until the next run on the same `work`).
 */
export function runLocalMarket(
  ctx: MarketContext,
  task: DmaTask,
  acc: Accumulators,
  post: PostWindow,
  work: MarketWork,
): MarketOutcome {
  const { opts, grid, isNational } = ctx;
  const { excl, scratch, log } = work;
  excl.fill(0);
  markWindows(excl, task.members, grid);
  // Hour mode: a masked hour's fill divides out the lift of hours with as many own airings.
  let active: Uint8Array | undefined;
  if (opts.step !== 60) {
    active = work.active.fill(0);
    countWindows(active, task.own, grid);
  }
  const base = new SeasonalBaseline(task.x, excl, opts, scratch, task.market, active);
  log.length = 0;
  const response = ctx.split === 'response';
  if (response) clearOverlapLog(work.overlap, ctx.profileSpan);
  splitMarket({
    x: task.x,
    base,
    members: task.members,
    isNational,
    nationalMarket: false,
    grid,
    acc,
    deduction: null,
    log,
    overlap: response ? work.overlap : null,
    dependent: null,
  });
  const d = estimateDispersion(base, ctx.spanBuckets);
  if (ctx.withHalo) {
    accumulatePostWindow(base, task.own, grid, acc, opts.windowMinutes, post, work.halo);
  }
  return {
    sumSq: d.sumSq,
    sumB: d.sumB,
    phi: d.phi,
    log,
    overlap: response ? work.overlap : null,
  };
}

/**
 * Values per airing in {@link packOwn}: seven accumulator columns and two post-window sums, then
 * the airing's `acc.span` minutes of byMinute.
 */
const PACKED = 9;

/**
 * The own airings' accumulator and post-window values as one array (a worker thread's results,
 * transferred to the main thread; {@link unpackOwn} writes them back).
 */
export function packOwn(own: Int32Array, acc: Accumulators, post: PostWindow): Float64Array {
  const { span, byMinute } = acc;
  const width = PACKED + span;
  const out = new Float64Array(own.length * width);
  for (let m = 0; m < own.length; m++) {
    const a = own[m] as number;
    const o = m * width;
    if (span > 0) out.set(byMinute.subarray(a * span, a * span + span), o + PACKED);
    out[o] = acc.observed[a] as number;
    out[o + 1] = acc.expected[a] as number;
    out[o + 2] = acc.share[a] as number;
    out[o + 3] = acc.buckets[a] as number;
    out[o + 4] = acc.levelKind[a] as number;
    out[o + 5] = acc.levelR[a] as number;
    out[o + 6] = acc.levelPre[a] as number;
    out[o + 7] = post.observed[a] as number;
    out[o + 8] = post.expected[a] as number;
  }
  return out;
}

/** Writes values packed by {@link packOwn} into the main thread's accumulators. */
export function unpackOwn(
  own: Int32Array,
  packed: Float64Array,
  acc: Accumulators,
  post: PostWindow,
): void {
  const { span, byMinute } = acc;
  const width = PACKED + span;
  for (let m = 0; m < own.length; m++) {
    const a = own[m] as number;
    const o = m * width;
    if (span > 0) byMinute.set(packed.subarray(o + PACKED, o + width), a * span);
    acc.observed[a] = packed[o] as number;
    acc.expected[a] = packed[o + 1] as number;
    acc.share[a] = packed[o + 2] as number;
    acc.buckets[a] = packed[o + 3] as number;
    acc.levelKind[a] = packed[o + 4] as number;
    acc.levelR[a] = packed[o + 5] as number;
    acc.levelPre[a] = packed[o + 6] as number;
    post.observed[a] = packed[o + 7] as number;
    post.expected[a] = packed[o + 8] as number;
  }
}

/** Zeroes the own airings' entries of `acc` and `post` (a worker reusing its arrays). */
export function clearOwn(own: Int32Array, acc: Accumulators, post: PostWindow): void {
  const { span, byMinute } = acc;
  for (let m = 0; m < own.length; m++) {
    const a = own[m] as number;
    if (span > 0) byMinute.fill(0, a * span, a * span + span);
    acc.observed[a] = 0;
    acc.expected[a] = 0;
    acc.share[a] = 0;
    acc.buckets[a] = 0;
    acc.levelKind[a] = 0;
    acc.levelR[a] = 0;
    acc.levelPre[a] = 0;
    post.observed[a] = 0;
    post.expected[a] = 0;
  }
}
