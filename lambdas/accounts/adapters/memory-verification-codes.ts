import type { VerificationCodes } from '../core/ports';
import { hourOf, MAX_CODE_ATTEMPTS, MAX_CODES_PER_HOUR } from './dynamo-verification-codes';
import { codeDigest, sameDigest } from './secret-hash';

/**
 * VerificationCodes in memory (tests; same rules as DynamoVerificationCodes): one live code per
 * e-mail, dead after MAX_CODE_ATTEMPTS wrong guesses or `ttlS` seconds of the injected clock, at
 * most MAX_CODES_PER_HOUR issued per clock hour.
 */
export class MemoryVerificationCodes implements VerificationCodes {
  readonly items = new Map<
    string,
    { digest: string; attempts: number; expiresAtMs: number; hour: number; issued: number }
  >();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async issue(email: string, code: string, ttlS: number) {
    const nowMs = this.now().getTime();
    const hour = hourOf(nowMs);
    const known = this.items.get(email);
    const issued = known?.hour === hour ? known.issued : 0;
    if (issued >= MAX_CODES_PER_HOUR) return false;
    const expiresAtMs = nowMs + ttlS * 1000;
    this.items.set(email, {
      digest: codeDigest(email, code),
      attempts: 0,
      expiresAtMs,
      hour,
      issued: issued + 1,
    });
    return true;
  }

  async check(email: string, code: string, consume: boolean) {
    const item = this.items.get(email);
    if (!item || item.expiresAtMs <= this.now().getTime() || item.attempts >= MAX_CODE_ATTEMPTS)
      return 'expired' as const;
    // Slot first, then compare (as the conditional ADD of the DynamoDB adapter).
    item.attempts += 1;
    if (!sameDigest(item.digest, codeDigest(email, code))) return 'wrong' as const;
    if (consume) this.items.delete(email);
    else item.attempts -= 1;
    return 'ok' as const;
  }
}
