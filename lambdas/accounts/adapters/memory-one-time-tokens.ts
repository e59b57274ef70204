import type { OneTimeKind, OneTimeTokens } from '../core/ports';
import { sha256Hex } from './secret-hash';

/**
 * OneTimeTokens in memory (tests; same rules as DynamoOneTimeTokens): keyed by the secret's
 * SHA-256, gone after `take`, dead after `ttlS` seconds of the injected clock.
 */
export class MemoryOneTimeTokens implements OneTimeTokens {
  readonly items = new Map<string, { payload: Record<string, string>; expiresAtMs: number }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(kind: OneTimeKind, secret: string, payload: Record<string, string>, ttlS: number) {
    const expiresAtMs = this.now().getTime() + ttlS * 1000;
    this.items.set(key(kind, secret), { payload: { ...payload }, expiresAtMs });
  }

  async take(kind: OneTimeKind, secret: string) {
    // Read and delete with no await in between: like the conditional delete, one winner.
    const found = this.live(kind, secret);
    this.items.delete(key(kind, secret));
    return found;
  }

  async peek(kind: OneTimeKind, secret: string) {
    return this.live(kind, secret);
  }

  private live(kind: OneTimeKind, secret: string) {
    const item = this.items.get(key(kind, secret));
    if (!item || item.expiresAtMs <= this.now().getTime()) return null;
    return { ...item.payload };
  }
}

const key = (kind: OneTimeKind, secret: string) => `${kind}#${sha256Hex(secret)}`;
