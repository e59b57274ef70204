import { InternedCodes } from './interned-codes';
import type { VisitsColumns, VisitsResolution } from './types';

/**
 * Growable columnar visits (doubling typed arrays; DMA codes interned). The engagement metrics
 * (engaged sessions, engagement seconds) are NaN where a row does not measure them; build()
 * leaves a metric out entirely when no row measured it, so data without them stays as it was
 * (and costs nothing while reading).
 */
export class VisitsBuilder {
  length = 0;
  private capacity: number;
  private bucket: Float64Array;
  private dma: Uint16Array;
  private sessions: Float64Array;
  private newUsers: Float64Array;
  private pageviews: Float64Array;
  /** Engaged sessions and engagement seconds: allocated (NaN-filled) once a row measures them. */
  private engaged: Float64Array | null = null;
  private engagement: Float64Array | null = null;
  private readonly dmaCodes = new InternedCodes();
  /** Whether the columns are still those sized from the caller's bound (see build). */
  private bounded: boolean;

  /**
   * @param capacity rows to make room for at once (a reader that knows the file's size passes
   *   an upper bound, so the columns are never copied to grow; untouched room costs no memory
   *   until written). @default 1024
   */
  constructor(
    readonly resolution: VisitsResolution,
    capacity?: number,
  ) {
    this.bounded = capacity !== undefined;
    this.capacity = Math.max(16, Math.ceil(capacity ?? 1024));
    this.bucket = new Float64Array(this.capacity);
    this.dma = new Uint16Array(this.capacity);
    this.sessions = new Float64Array(this.capacity);
    this.newUsers = new Float64Array(this.capacity);
    this.pageviews = new Float64Array(this.capacity);
  }

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
    this.addCoded(
      bucketUtc,
      this.dmaCodes.of(dmaCode),
      sessions,
      newUsers,
      pageviews,
      engagedSessions,
      engagementS,
    );
  }

  /** The number of a DMA code ('' = unknown) in this builder's rows, for {@link addCoded}. */
  codeOf(dmaCode: string): number {
    return this.dmaCodes.of(dmaCode);
  }

  /** Appends one row whose DMA is given by its number (see {@link codeOf}); as {@link add}. */
  addCoded(
    bucketUtc: number,
    dmaIndex: number,
    sessions: number,
    newUsers: number,
    pageviews: number,
    engagedSessions = Number.NaN,
    engagementS = Number.NaN,
  ) {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    this.bucket[i] = bucketUtc;
    this.dma[i] = dmaIndex;
    this.sessions[i] = sessions;
    this.newUsers[i] = newUsers;
    this.pageviews[i] = pageviews;
    if (!Number.isNaN(engagedSessions)) {
      this.engaged ??= new Float64Array(this.capacity).fill(Number.NaN);
      this.engaged[i] = engagedSessions;
    }
    if (!Number.isNaN(engagementS)) {
      this.engagement ??= new Float64Array(this.capacity).fill(Number.NaN);
      this.engagement[i] = engagementS;
    }
  }

  private grow() {
    const size = this.capacity * 2;
    const f64 = (a: Float64Array, fill = 0) => {
      const b = new Float64Array(size);
      if (fill !== 0) b.fill(fill, a.length);
      b.set(a);
      return b;
    };
    this.bucket = f64(this.bucket);
    const dma = new Uint16Array(size);
    dma.set(this.dma);
    this.dma = dma;
    this.sessions = f64(this.sessions);
    this.newUsers = f64(this.newUsers);
    this.pageviews = f64(this.pageviews);
    if (this.engaged) this.engaged = f64(this.engaged, Number.NaN);
    if (this.engagement) this.engagement = f64(this.engagement, Number.NaN);
    this.capacity = size;
    this.bounded = false;
  }

  /**
   * The rows so far, `length` of them (engagement metrics only when some row has them). Columns
   * sized from a bound and never grown come as views of their first `length` rows: copying
   * them to trim (over 70 MB for a 2 M-row file) costs more than the room left, which holds no
   * memory until written. Otherwise they are trimmed copies.
   */
  build(): VisitsColumns {
    const n = this.length;
    const views = this.bounded;
    const cut = <T extends Float64Array | Uint16Array>(a: T): T =>
      (views ? a.subarray(0, n) : a.slice(0, n)) as T;
    const out: VisitsColumns = {
      resolution: this.resolution,
      length: n,
      bucketUtc: cut(this.bucket),
      dmaIndex: cut(this.dma),
      dmaCodes: [...this.dmaCodes.codes],
      sessions: cut(this.sessions),
      newUsers: cut(this.newUsers),
      pageviews: cut(this.pageviews),
    };
    if (this.engaged) out.engagedSessions = cut(this.engaged);
    if (this.engagement) out.engagementS = cut(this.engagement);
    return out;
  }
}
