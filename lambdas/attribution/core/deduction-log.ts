import type { NationalDeduction } from './split';
import { grown } from './typed-grow';

/**
 * What one DMA market's split leaves for the national market (method note §5.1 steps 3–5): per
 * credited bucket t, the DMA's visits xv and baseline bv (visits per bucket) and the credit share
 * of the national airings active there (sharers, 0–1). Records are in bucket order; `length` of
 * the arrays are used. Plain typed arrays, so a worker thread can transfer a log to the main one.
 */
export interface DeductionLog {
  t: Int32Array;
  xv: Float64Array;
  bv: Float64Array;
  sharers: Float64Array;
  length: number;
}

/** An empty log with room for `capacity` records (it grows when full). */
export function newDeductionLog(capacity: number): DeductionLog {
  const c = Math.max(16, capacity);
  return {
    t: new Int32Array(c),
    xv: new Float64Array(c),
    bv: new Float64Array(c),
    sharers: new Float64Array(c),
    length: 0,
  };
}

/** Appends the record of bucket t (see {@link DeductionLog}). */
export function logDeduction(
  log: DeductionLog,
  t: number,
  xv: number,
  bv: number,
  sharers: number,
): void {
  if (log.length === log.t.length) grow(log);
  const k = log.length++;
  log.t[k] = t;
  log.xv[k] = xv;
  log.bv[k] = bv;
  log.sharers[k] = sharers;
}

function grow(log: DeductionLog): void {
  const c = log.t.length * 2;
  log.t = grown(log.t, c);
  log.xv = grown(log.xv, c);
  log.bv = grown(log.bv, c);
  log.sharers = grown(log.sharers, c);
}

/** A trimmed copy of the log's records (its own buffers: safe to transfer to another thread). */
export function copyDeductionLog(log: DeductionLog): DeductionLog {
  const n = log.length;
  return {
    t: log.t.slice(0, n),
    xv: log.xv.slice(0, n),
    bv: log.bv.slice(0, n),
    sharers: log.sharers.slice(0, n),
    length: n,
  };
}

/**
 * Adds a DMA's records to the national deduction: excess += xv − bv in every credited bucket and,
 * where national airings shared it, x += (1 − sharers)·xv and b += (1 − sharers)·bv (the local
 * airings' part of the shared bucket). Applied to the DMAs in market order, the sums are the same
 * bits whichever thread ran each DMA.
 */
export function applyDeductionLog(log: DeductionLog, d: NationalDeduction): void {
  const { t, xv, bv, sharers } = log;
  const { x, b, excess } = d;
  for (let k = 0; k < log.length; k++) {
    const i = t[k] as number;
    const xk = xv[k] as number;
    const bk = bv[k] as number;
    const sh = sharers[k] as number;
    excess[i] = (excess[i] as number) + xk - bk;
    if (sh > 0) {
      x[i] = (x[i] as number) + (1 - sh) * xk;
      b[i] = (b[i] as number) + (1 - sh) * bk;
    }
  }
}
