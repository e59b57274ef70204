/** How many keyed listings a container keeps at most (the oldest go first). */
const MAX_ENTRIES = 500;

/**
 * Listings from Google reused per key for `ttlMs` milliseconds in one container: concurrent
 * and repeated calls within the window share one call to Google. A failure is dropped at once
 * (the next call tries again) unless `keepFailure` says it lasts (a revoked grant stays
 * revoked); a kept failure is reused for the same window. Callers get their own copy.
 */
export class ExpiringListings<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly nowMs: () => number,
    private readonly keepFailure: (error: unknown) => boolean = () => false,
  ) {}

  /** The listing under `key`, loaded by `load` when none is fresh. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.nowMs();
    let entry = this.entries.get(key);
    if (!entry || now - entry.at >= this.ttlMs) {
      this.forgetStale(now);
      const made = { at: now, value: load() };
      this.entries.set(key, made);
      made.value.catch((error: unknown) => {
        if (!this.keepFailure(error) && this.entries.get(key) === made) this.entries.delete(key);
      });
      entry = made;
    }
    return structuredClone(await entry.value);
  }

  private forgetStale(now: number) {
    for (const [key, entry] of this.entries)
      if (now - entry.at >= this.ttlMs) this.entries.delete(key);
    while (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
