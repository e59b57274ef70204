import { LRUCache } from 'lru-cache';

/** Loads one stored object; null when it is not stored (yet). */
type Load<V> = () => Promise<V | null>;

/**
 * Stored report objects (views, decoded drill data) kept by a warm container, a Lambda or the
 * local gateway. Stored reports never change once published, so an entry is valid for its life;
 * the `capacity` most recently used keys are kept (lru-cache). Concurrent misses on one key share
 * one load; a load that finds nothing or fails is not remembered, so a report stored later is
 * found on the next call.
 */
export class ReportObjectCache<V extends object> {
  private readonly lru: LRUCache<string, V, Load<V>>;

  constructor(capacity: number) {
    this.lru = new LRUCache<string, V, Load<V>>({
      max: capacity,
      fetchMethod: async (_key, _stale, { context }) => (await context()) ?? undefined,
    });
  }

  /** The object at `key`, loading it through `load` on a miss; null when nothing is stored. */
  async get(key: string, load: Load<V>): Promise<V | null> {
    return (await this.lru.fetch(key, { context: load })) ?? null;
  }
}
