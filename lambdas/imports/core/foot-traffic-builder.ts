import { intern } from '#shared/intern';
import type { FootTrafficColumns, FootTrafficRow, VisitsResolution } from './types';

/** Growable columnar foot traffic (doubling typed arrays; location ids and DMA codes interned). */
export class FootTrafficBuilder {
  length = 0;
  private bucket = new Float64Array(1024);
  private location = new Uint32Array(1024);
  private dma = new Uint32Array(1024);
  private visits = new Float64Array(1024);
  private readonly locationIds: string[] = [];
  private readonly locationIndex = new Map<string, number>();
  private readonly dmaCodes: string[] = [];
  private readonly dmaIndex = new Map<string, number>();

  constructor(readonly resolution: VisitsResolution) {}

  /** Appends one row: bucket start in epoch seconds UTC; dmaCode '' = unknown geography. */
  add(bucketUtc: number, locationId: string, dmaCode: string, visits: number) {
    if (this.length === this.bucket.length) this.grow();
    const i = this.length++;
    this.bucket[i] = bucketUtc;
    this.location[i] = intern(this.locationIds, this.locationIndex, locationId);
    this.dma[i] = intern(this.dmaCodes, this.dmaIndex, dmaCode);
    this.visits[i] = visits;
  }

  private grow() {
    const size = this.bucket.length * 2;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    const u32 = (a: Uint32Array) => {
      const b = new Uint32Array(size);
      b.set(a);
      return b;
    };
    this.bucket = f64(this.bucket);
    this.location = u32(this.location);
    this.dma = u32(this.dma);
    this.visits = f64(this.visits);
  }

  /** The rows so far, trimmed to length. */
  build(): FootTrafficColumns {
    const n = this.length;
    return {
      resolution: this.resolution,
      length: n,
      bucketUtc: this.bucket.slice(0, n),
      locationIndex: this.location.slice(0, n),
      locationIds: [...this.locationIds],
      dmaIndex: this.dma.slice(0, n),
      dmaCodes: [...this.dmaCodes],
      visits: this.visits.slice(0, n),
    };
  }
}

/** The rows of columnar foot traffic as objects (small batches and tests). */
export function footTrafficRows(f: FootTrafficColumns): FootTrafficRow[] {
  const rows: FootTrafficRow[] = [];
  for (let i = 0; i < f.length; i++) {
    rows.push({
      bucketUtc: f.bucketUtc[i]!,
      locationId: f.locationIds[f.locationIndex[i]!]!,
      dmaCode: f.dmaCodes[f.dmaIndex[i]!]!,
      visits: f.visits[i]!,
    });
  }
  return rows;
}
