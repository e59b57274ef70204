import { InternedCodes } from '../../../imports/core/interned-codes';
import { STEP_S } from '../../../imports/core/parse-visits';
import type { VisitsColumns, VisitsResolution } from '../../../imports/core/types';
import { VisitsBuilder } from '../../../imports/core/visits-builder';

const METRICS = 5;

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

  /**
   * The sums as columns, sorted by bucket then DMA code, keeping only rows `keep` accepts
   * (e.g. one UTC day).
   */
  build(keep: (bucketUtc: number) => boolean = () => true): VisitsColumns {
    const rows = this.buckets
      .map((_, row) => row)
      .filter((row) => keep(this.buckets[row]!))
      .sort((a, b) => {
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

  /** The UTC days (`YYYY-MM-DD`) that have rows. */
  days(): Set<string> {
    const out = new Set<string>();
    for (const b of this.buckets) out.add(new Date(b * 1000).toISOString().slice(0, 10));
    return out;
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
