import type { MfaSessionRecord, MfaSessions } from '../core/mfa-ports';
import { sha256Hex } from './secret-hash';

/**
 * MfaSessions in memory (tests; same rules as DynamoMfaSessions): keyed by the handle's
 * SHA-256, dead after `ttlS` seconds of the injected clock, each attempt counted with no await
 * between the check and the count (as atomic as the conditional update).
 */
export class MemoryMfaSessions implements MfaSessions {
  readonly items = new Map<
    string,
    { record: MfaSessionRecord; attempts: number; expiresAtMs: number }
  >();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async start(handle: string, record: MfaSessionRecord, ttlS: number) {
    const expiresAtMs = this.now().getTime() + ttlS * 1000;
    this.items.set(sha256Hex(handle), {
      record: structuredClone(record),
      attempts: 0,
      expiresAtMs,
    });
  }

  async attempt(handle: string, maxAttempts: number) {
    const item = this.items.get(sha256Hex(handle));
    if (!item || item.expiresAtMs <= this.now().getTime() || item.attempts >= maxAttempts)
      return null;
    item.attempts += 1;
    return { record: structuredClone(item.record), attempts: item.attempts };
  }

  async renew(handle: string, record: MfaSessionRecord) {
    const item = this.items.get(sha256Hex(handle));
    if (item) item.record = structuredClone(record);
  }

  async finish(handle: string) {
    const item = this.items.get(sha256Hex(handle));
    this.items.delete(sha256Hex(handle));
    return item !== undefined && item.expiresAtMs > this.now().getTime();
  }
}
