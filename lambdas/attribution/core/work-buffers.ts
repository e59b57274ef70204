// The per-bucket buffers one attribute() run works in, kept from one run to the next.
import { type MarketWork, marketWork } from './local-market';
import type { NationalDeduction } from './split';

/** Per-bucket work buffers of one attribute() run (see {@link takeWorkBuffers}). */
export interface WorkBuffers {
  n: number;
  /** Baseline, window mask, halo and log buffers of the DMAs run here and of the national market. */
  market: MarketWork;
  deduction: NationalDeduction;
  cleaned: Float64Array;
  /** 'response': 1 = a DMA logged a shared bucket with a national sharer at t. */
  dependent: Uint8Array;
}

let lastWork: WorkBuffers | undefined;

/**
 * Work buffers for a grid of n buckets (~22 MB for five months of minutes), kept from the previous
 * run when n matches: fresh typed arrays every run cost page faults and push V8 into full garbage
 * collections (external memory pressure). attribute() is synchronous, so runs never share them;
 * the deduction sums are zeroed here, the other buffers are fully rewritten before being read.
 * The run hands them back with {@link keepWorkBuffers} once it has finished with them.
 */
export function takeWorkBuffers(n: number): WorkBuffers {
  const kept = lastWork;
  // Taken, not shared: a run that throws never hands half-used buffers to the next one.
  lastWork = undefined;
  if (kept && kept.n === n) {
    const d = kept.deduction;
    d.x.fill(0);
    d.b.fill(0);
    d.excess.fill(0);
    kept.dependent.fill(0);
    return kept;
  }
  return {
    n,
    market: marketWork(n),
    deduction: {
      x: new Float64Array(n),
      b: new Float64Array(n),
      excess: new Float64Array(n),
    },
    cleaned: new Float64Array(n),
    dependent: new Uint8Array(n),
  };
}

/** Hands a run's buffers back for the next run of the same length (see {@link takeWorkBuffers}). */
export function keepWorkBuffers(work: WorkBuffers): void {
  lastWork = work;
}
