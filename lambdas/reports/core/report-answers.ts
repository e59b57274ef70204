import { LRUCache } from 'lru-cache';

/**
 * Answers of the report reads as served, per warm container (get_report: core/get-report.ts
 * ReportAnswerCache; the drill-downs: core/drilldowns.ts DrillAnswerCache). A stored report never
 * changes, so an answer is a pure function of its key; the key must hold everything the answer
 * depends on (the report's key, which binds the client, and whatever the caller's plan, paywall
 * and names change), so an answer is only ever served to a caller who would be given the same
 * one. The access check runs on every request before an answer is looked up. Keeps the
 * `capacity` most recently used answers. Answers are shared: never change one.
 */
export class AnswerCache<T extends object> {
  private readonly lru: LRUCache<string, T>;

  constructor(capacity: number) {
    this.lru = new LRUCache<string, T>({ max: capacity });
  }

  /** The answer kept under `key`, or `build()`'s (then kept). */
  get(key: string, build: () => T): T {
    const known = this.lru.get(key);
    if (known) return known;
    const answer = build();
    this.lru.set(key, answer);
    return answer;
  }
}
