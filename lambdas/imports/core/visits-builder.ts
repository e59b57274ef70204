import { InternedCodes } from './interned-codes';
import type { VisitsColumns, VisitsResolution } from './types';

/**
 * Growable columnar visits (doubling typed arrays; DMA codes interned). The engagement metrics
 * (engaged sessions, engagement seconds) are NaN where a row does not measure them; build()
 * leaves a metric out entirely when no row measured it, so data without them stays as it was.
 */
export class VisitsBuilder {
  length = 0;
  private bucket = new Float64Array(1024);
  private dma = new Uint16Array(1024);
  /** sessions, new users, pageviews, engaged sessions, engagement seconds. */
  private counts = [
    new Float64Array(1024),
    new Float64Array(1024),
    new Float64Array(1024),
    new Float64Array(1024),
    new Float64Array(1024),
  ];
  private readonly dmaCodes = new InternedCodes();
  private hasEngaged = false;
  private hasEngagement = false;

  constructor(readonly resolution: VisitsResolution) {}

  /**
   * Appends one row; dmaCode '' = unknown geography. engagedSessions (count) and engagementS
   * (seconds) default to NaN: not measured.
   */
  add(
    bucketUtc: number,
    dmaCode: string,
    sessions: number,
    newUsers: number,
    pageviews: number,
    engagedSessions = Number.NaN,
    engagementS = Number.NaN,
  ) {
    if (this.length === this.bucket.length) this.grow();
    const i = this.length++;
    this.bucket[i] = bucketUtc;
    this.dma[i] = this.dmaCodes.of(dmaCode);
    this.counts[0]![i] = sessions;
    this.counts[1]![i] = newUsers;
    this.counts[2]![i] = pageviews;
    this.counts[3]![i] = engagedSessions;
    this.counts[4]![i] = engagementS;
    if (!Number.isNaN(engagedSessions)) this.hasEngaged = true;
    if (!Number.isNaN(engagementS)) this.hasEngagement = true;
  }

  private grow() {
    const size = this.bucket.length * 2;
    const bigger = <T extends Float64Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.bucket = bigger(this.bucket, (n) => new Float64Array(n));
    this.dma = bigger(this.dma, (n) => new Uint16Array(n));
    this.counts = this.counts.map((c) => bigger(c, (n) => new Float64Array(n)));
  }

  /** The rows so far, trimmed to length (engagement metrics only when some row has them). */
  build(): VisitsColumns {
    const n = this.length;
    const out: VisitsColumns = {
      resolution: this.resolution,
      length: n,
      bucketUtc: this.bucket.slice(0, n),
      dmaIndex: this.dma.slice(0, n),
      dmaCodes: [...this.dmaCodes.codes],
      sessions: this.counts[0]!.slice(0, n),
      newUsers: this.counts[1]!.slice(0, n),
      pageviews: this.counts[2]!.slice(0, n),
    };
    if (this.hasEngaged) out.engagedSessions = this.counts[3]!.slice(0, n);
    if (this.hasEngagement) out.engagementS = this.counts[4]!.slice(0, n);
    return out;
  }
}
