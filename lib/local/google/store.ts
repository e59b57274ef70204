import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An RSA key pair in PEM with its key id. */
export interface KeyPair {
  kid: string;
  privatePem: string;
  publicPem: string;
}

/** An authorize request waiting on the consent page (what the app asked for). */
export interface PendingConsent {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
  offline: boolean;
  nonce: string | null;
  loginHint: string | null;
  /** Unix seconds. */
  expiresAt: number;
}

/** An authorization code handed to the app (stored under the SHA-256 of the code). */
export interface CodeGrant {
  email: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  offline: boolean;
  nonce: string | null;
  expiresAt: number;
}

/** A token (stored under its SHA-256). `grantId` ties the tokens of one consent together. */
export interface TokenRecord {
  grantId: string;
  email: string;
  clientId: string;
  scopes: string[];
  /** Unix seconds; null for refresh tokens (they live until revoked). */
  expiresAt: number | null;
}

/**
 * Everything the stand-in must keep across a restart, as one JSON file
 * `<dir>/google-state.json`: its signing keys, the demo post-log's first day, pending consents,
 * codes, tokens and withdrawn Viewer shares. Tokens and codes are stored only as SHA-256 hashes.
 */
export interface GoogleState {
  version: 1;
  /** Signs id_tokens (Google's own key; served at /oauth2/v1/certs). */
  signingKey: KeyPair;
  /** The product's service account key (kid = private_key_id). */
  serviceAccountKey: KeyPair;
  /** Monday (YYYY-MM-DD) the demo post-log starts: fixed on first start so the data never moves. */
  demoFirstDay: string;
  consents: Record<string, PendingConsent>;
  codes: Record<string, CodeGrant>;
  refreshTokens: Record<string, TokenRecord>;
  accessTokens: Record<string, TokenRecord>;
  /** Property ids whose Viewer share with the service account was withdrawn. */
  unshared: string[];
}

const FILE = 'google-state.json';

/** SHA-256 hex of a secret (how codes and tokens are stored). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random url-safe secret with Google's look (`prefix` + 43 base64url characters). */
export const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid: randomBytes(20).toString('hex'),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Reads `<dir>/google-state.json`, or makes a fresh state (new keys; `demoFirstDay` from the
 * caller) and writes it, so keys and the demo's dates survive restarts.
 */
export function loadState(dir: string, demoFirstDay: () => string): GoogleState {
  const path = join(dir, FILE);
  if (existsSync(path)) {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<GoogleState>;
    return {
      consents: {},
      codes: {},
      refreshTokens: {},
      accessTokens: {},
      unshared: [],
      ...saved,
    } as GoogleState;
  }
  const state: GoogleState = {
    version: 1,
    signingKey: newKeyPair(),
    serviceAccountKey: newKeyPair(),
    demoFirstDay: demoFirstDay(),
    consents: {},
    codes: {},
    refreshTokens: {},
    accessTokens: {},
    unshared: [],
  };
  saveState(dir, state);
  return state;
}

/** Drops expired consents, codes and access tokens (refresh tokens stay until revoked). */
export function pruneState(state: GoogleState, now: number): void {
  for (const map of [state.consents, state.codes, state.accessTokens]) {
    for (const [key, value] of Object.entries(map)) {
      if (value.expiresAt !== null && value.expiresAt <= now) delete map[key];
    }
  }
}

/** Writes the state atomically (temp file in the same folder, then rename). */
export function saveState(dir: string, state: GoogleState): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${FILE}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  renameSync(tmp, join(dir, FILE));
}

/**
 * Removes every token of one grant (Google revokes the whole grant whichever of its tokens is
 * revoked). @returns how many tokens went.
 */
export function revokeGrant(state: GoogleState, grantId: string): number {
  let n = 0;
  for (const map of [state.refreshTokens, state.accessTokens]) {
    for (const [key, value] of Object.entries(map)) {
      if (value.grantId === grantId) {
        delete map[key];
        n++;
      }
    }
  }
  return n;
}
