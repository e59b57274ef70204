import type { VerificationCodes } from '../core/ports';
import { MAX_CODE_ATTEMPTS } from './dynamo-verification-codes';
import { codeDigest, sameDigest } from './secret-hash';

/**
 * VerificationCodes in memory (tests; same rules as DynamoVerificationCodes): one live code per
 * e-mail, dead after MAX_CODE_ATTEMPTS wrong guesses or `ttlS` seconds of the injected clock.
 */
export class MemoryVerificationCodes implements VerificationCodes {
  readonly items = new Map<string, { digest: string; attempts: number; expiresAtMs: number }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async issue(email: string, code: string, ttlS: number) {
    const expiresAtMs = this.now().getTime() + ttlS * 1000;
    this.items.set(email, { digest: codeDigest(email, code), attempts: 0, expiresAtMs });
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
