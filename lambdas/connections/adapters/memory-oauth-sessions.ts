import type { OAuthSessions, OAuthStateRecord, PendingGrant } from '../core/ports';

/** In-memory OAuthSessions for tests, with DynamoOAuthSessions' behaviour (expiry on read). */
export class MemoryOAuthSessions implements OAuthSessions {
  readonly states = new Map<string, { record: OAuthStateRecord; expiresAt: number }>();
  readonly grants = new Map<string, { grant: PendingGrant; expiresAt: number }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  private live(expiresAt: number) {
    return expiresAt > this.now().getTime() / 1000;
  }

  async putState(stateHash: string, record: OAuthStateRecord, ttlS: number) {
    this.states.set(stateHash, {
      record: { ...record },
      expiresAt: Math.floor(this.now().getTime() / 1000) + ttlS,
    });
  }

  async takeState(stateHash: string) {
    const entry = this.states.get(stateHash);
    this.states.delete(stateHash);
    return entry && this.live(entry.expiresAt) ? { ...entry.record } : null;
  }

  async putGrant(codeHash: string, grant: PendingGrant, ttlS: number) {
    if (this.grants.has(codeHash)) return false;
    this.grants.set(codeHash, {
      grant: structuredClone(grant),
      expiresAt: Math.floor(this.now().getTime() / 1000) + ttlS,
    });
    return true;
  }

  async getGrant(codeHash: string) {
    const entry = this.grants.get(codeHash);
    return entry && this.live(entry.expiresAt) ? structuredClone(entry.grant) : null;
  }

  async deleteGrant(codeHash: string) {
    this.grants.delete(codeHash);
  }
}
