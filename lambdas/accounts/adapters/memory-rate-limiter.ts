import type { RateLimiter } from '../core/ports';
import { windowStart } from './dynamo-rate-limiter';

/** RateLimiter in memory (tests; same fixed windows as DynamoRateLimiter). */
export class MemoryRateLimiter implements RateLimiter {
  readonly counts = new Map<string, number>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async hit(key: string, windowS: number) {
    const k = this.key(key, windowS);
    const n = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, n);
    return n;
  }

  async count(key: string, windowS: number) {
    return this.counts.get(this.key(key, windowS)) ?? 0;
  }

  async reset(key: string, windowS: number) {
    this.counts.delete(this.key(key, windowS));
  }

  async take(key: string, windowS: number, limit: number) {
    // Read and add with no await in between: as atomic as the conditional ADD in DynamoDB.
    const k = this.key(key, windowS);
    const n = this.counts.get(k) ?? 0;
    if (n >= limit) return null;
    this.counts.set(k, n + 1);
    return n + 1;
  }

  async giveBack(key: string, windowS: number) {
    const k = this.key(key, windowS);
    const n = this.counts.get(k) ?? 0;
    if (n > 0) this.counts.set(k, n - 1);
  }

  private key(key: string, windowS: number) {
    return `${key}#${windowStart(this.now(), windowS)}`;
  }
}
