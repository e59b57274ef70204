import type { VisitsColumns, VisitsResolution } from './types';

/** Growable columnar visits (doubling typed arrays; DMA codes interned). */
export class VisitsBuilder {
  length = 0;
  private bucket = new Float64Array(1024);
  private dma = new Uint16Array(1024);
  private counts = [new Float64Array(1024), new Float64Array(1024), new Float64Array(1024)];
  private readonly codes: string[] = [];
  private readonly codeIndex = new Map<string, number>();

  constructor(readonly resolution: VisitsResolution) {}

  /** Appends one row; dmaCode '' = unknown geography. */
  add(bucketUtc: number, dmaCode: string, sessions: number, newUsers: number, pageviews: number) {
    if (this.length === this.bucket.length) this.grow();
    let idx = this.codeIndex.get(dmaCode);
    if (idx === undefined) {
      idx = this.codes.length;
      this.codes.push(dmaCode);
      this.codeIndex.set(dmaCode, idx);
    }
    const i = this.length++;
    this.bucket[i] = bucketUtc;
    this.dma[i] = idx;
    this.counts[0]![i] = sessions;
    this.counts[1]![i] = newUsers;
    this.counts[2]![i] = pageviews;
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

  /** The rows so far, trimmed to length. */
  build(): VisitsColumns {
    const n = this.length;
    return {
      resolution: this.resolution,
      length: n,
      bucketUtc: this.bucket.slice(0, n),
      dmaIndex: this.dma.slice(0, n),
      dmaCodes: [...this.codes],
      sessions: this.counts[0]!.slice(0, n),
      newUsers: this.counts[1]!.slice(0, n),
      pageviews: this.counts[2]!.slice(0, n),
    };
  }
}
