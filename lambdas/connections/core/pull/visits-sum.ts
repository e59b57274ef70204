import { InternedCodes } from '../../../imports/core/interned-codes';
import { STEP_S } from '../../../imports/core/parse-visits';
import type { VisitsColumns, VisitsResolution } from '../../../imports/core/types';
import { VisitsBuilder } from '../../../imports/core/visits-builder';
import { utcDayOf } from './days';

const METRICS = 5;
/** Seconds in a UTC day. */
const DAY_S = 86_400;

/**
 * Sums visits by (bucket, DMA) at one resolution: rows of the same bucket and DMA add up, and
 * finer buckets roll up (minutes into their hour). The engagement metrics stay "not measured"
 * (NaN) only where no added row measured them.
 */
export class VisitsSum {
  private readonly index = new Map<number, number>();
  private readonly dmaCodes = new InternedCodes();
  private buckets: number[] = [];
  private dmas: number[] = [];
  private values: number[] = [];
  private measured: number[] = [];

  constructor(readonly resolution: VisitsResolution) {}

  /** Adds one row; engaged/engagement NaN when not measured. */
  add(
    bucketUtc: number,
    dmaCode: string,
    sessions: number,
    newUsers: number,
    pageviews: number,
    engagedSessions: number,
    engagementS: number,
  ): void {
    const step = STEP_S[this.resolution];
    const bucket = Math.floor(bucketUtc / step) * step;
    const dma = this.dmaCodes.of(dmaCode);
    // 4096 > any count of DMA codes (210 and unknown), so the key is exact below 2^53.
    const key = bucket * 4096 + dma;
    let row = this.index.get(key);
    if (row === undefined) {
      row = this.buckets.length;
      this.index.set(key, row);
      this.buckets.push(bucket);
      this.dmas.push(dma);
      for (let m = 0; m < METRICS; m++) this.values.push(0);
      this.measured.push(0, 0);
    }
    const at = row * METRICS;
    this.values[at] = this.values[at]! + sessions;
    this.values[at + 1] = this.values[at + 1]! + newUsers;
    this.values[at + 2] = this.values[at + 2]! + pageviews;
    if (!Number.isNaN(engagedSessions)) {
      this.values[at + 3] = this.values[at + 3]! + engagedSessions;
      this.measured[row * 2] = 1;
    }
    if (!Number.isNaN(engagementS)) {
      this.values[at + 4] = this.values[at + 4]! + engagementS;
      this.measured[row * 2 + 1] = 1;
    }
  }

  /** Adds every row of `visits`. */
  addAll(visits: VisitsColumns): void {
    const engaged = visits.engagedSessions;
    const engagement = visits.engagementS;
    for (let i = 0; i < visits.length; i++) {
      this.add(
        visits.bucketUtc[i]!,
        visits.dmaCodes[visits.dmaIndex[i]!]!,
        visits.sessions[i]!,
        visits.newUsers[i]!,
        visits.pageviews[i]!,
        engaged ? engaged[i]! : Number.NaN,
        engagement ? engagement[i]! : Number.NaN,
      );
    }
  }

  /** The sums as columns, sorted by bucket then DMA code. */
  build(): VisitsColumns {
    return this.columnsOf(this.buckets.map((_, row) => row));
  }

  /**
   * The sums split by UTC day (`YYYY-MM-DD`, oldest first), each day's columns sorted by bucket
   * then DMA code. One pass groups the rows by day: a report day's rows span two or three UTC
   * days, and building each day from all the rows would read every row once per day.
   */
  buildByUtcDay(): Map<string, VisitsColumns> {
    const rowsByDay = new Map<number, number[]>();
    for (let row = 0; row < this.buckets.length; row++) {
      const day = Math.floor(this.buckets[row]! / DAY_S);
      const rows = rowsByDay.get(day);
      if (rows) rows.push(row);
      else rowsByDay.set(day, [row]);
    }
    const out = new Map<string, VisitsColumns>();
    for (const day of [...rowsByDay.keys()].sort((a, b) => a - b)) {
      out.set(utcDayOf(day * DAY_S), this.columnsOf(rowsByDay.get(day)!));
    }
    return out;
  }

  /** The sums of `rows` (indexes into the buckets) as columns, sorted by bucket then DMA code. */
  private columnsOf(rows: number[]): VisitsColumns {
    rows.sort((a, b) => {
      const byBucket = this.buckets[a]! - this.buckets[b]!;
      if (byBucket !== 0) return byBucket;
      const ca = this.dmaCodes.codes[this.dmas[a]!]!;
      const cb = this.dmaCodes.codes[this.dmas[b]!]!;
      return ca < cb ? -1 : ca > cb ? 1 : 0;
    });
    const builder = new VisitsBuilder(this.resolution);
    for (const row of rows) {
      const at = row * METRICS;
      builder.add(
        this.buckets[row]!,
        this.dmaCodes.codes[this.dmas[row]!]!,
        this.values[at]!,
        this.values[at + 1]!,
        this.values[at + 2]!,
        this.measured[row * 2] ? this.values[at + 3]! : Number.NaN,
        this.measured[row * 2 + 1] ? this.values[at + 4]! : Number.NaN,
      );
    }
    return builder.build();
  }
}

/** The sum of visits parts at `resolution` (finer parts rolled up). */
export function sumVisits(
  parts: readonly VisitsColumns[],
  resolution: VisitsResolution,
): VisitsColumns {
  const sum = new VisitsSum(resolution);
  for (const p of parts) sum.addAll(p);
  return sum.build();
}
