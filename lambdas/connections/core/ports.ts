import type { CompaniesRepository } from '#shared/companies/companies';
import type { ConnectionRequestsStore } from '#shared/connections/connection-requests';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import type { TokenVault } from '#shared/connections/token-vault';
import type { GaProperty } from '#shared/contracts/connections.schema';
import type { Mailer } from '../../comms/core/ports';

/** A GA4 property as Google lists it (the views selection adds `checked`). */
export type ListedProperty = Omit<GaProperty, 'checked'>;

/** What Google's token endpoint gave for an authorization code. */
export interface GoogleGrant {
  /** Null when Google gave no offline access (the user had granted it before without consent). */
  refreshToken: string | null;
  /** The Google account's e-mail (from the id_token), '' when Google did not say. */
  email: string;
}

/**
 * Google's side of a connection (OAuth and the Admin API), through the official clients.
 * Every method throws GoogleFailure (never an error carrying a token, code or request body).
 */
export interface GoogleGateway {
  /** Google's authorize address for a sign-in bound to `state`, with the PKCE S256 challenge. */
  authorizeUrl(input: { state: string; codeChallenge: string }): Promise<string>;
  /** Trades an authorization code (with its PKCE verifier) for tokens. */
  exchangeCode(code: string, verifier: string): Promise<GoogleGrant>;
  /** GA4 properties a Google user's grant reads (accountSummaries, streams, time zones). */
  listUserProperties(refreshToken: string): Promise<ListedProperty[]>;
  /**
   * What listUserProperties answers for a stored connection's grant, reused for a minute under
   * `key` (one connection at one version): the Connections panel polls while a backfill runs,
   * and each listing costs a token refresh and two Admin API calls per property.
   * `refreshToken` opens the grant, called only when the listing is not reused. A refusal of
   * the grant (revoked) is reused too; other failures are not.
   */
  listGrantProperties(key: string, refreshToken: () => Promise<string>): Promise<ListedProperty[]>;
  /** GA4 properties the product's service account reads (Viewer access). */
  listViewerProperties(): Promise<ListedProperty[]>;
  /** Revokes a grant at Google. */
  revoke(refreshToken: string): Promise<void>;
  /** The service account's e-mail: the address customers add as Viewer. */
  serviceAccountEmail(): Promise<string>;
}

/**
 * A failed Google call, stripped of the request (Google's client errors carry the request's
 * body and headers: the code, the refresh token, the client secret; nothing of that is kept).
 */
export class GoogleFailure extends Error {
  constructor(
    /** What was called, e.g. `token`, `accountSummaries`. */
    readonly operation: string,
    /** HTTP status, or 0 when there was no answer. */
    readonly status: number,
    /** Google's error code (`invalid_grant`, `PERMISSION_DENIED`, ...), '' when none. */
    readonly reason: string,
    /** The grant no longer works (revoked, expired, access removed). */
    readonly revoked: boolean,
  ) {
    super(`Google ${operation} failed: ${status || 'no answer'} ${reason}`.trim());
    this.name = 'GoogleFailure';
  }
}

/**
 * The sign-in in progress between connection_start and list_properties, kept server-side
 * under sha256(state) for 15 minutes and taken once.
 */
export interface OAuthStateRecord {
  client_uid: string;
  request_id: string;
  /** PKCE verifier: Google accepts the code only with it. */
  verifier: string;
}

/**
 * What list_properties got from Google, kept under sha256(code) for 30 minutes until
 * create_properties uses it (a reload of the page lists from it again without a second trade).
 */
export interface PendingGrant {
  client_uid: string;
  request_id: string;
  /** sha256(state) of the sign-in: a reload must bring the same state. */
  state_hash: string;
  /** The refresh token, sealed under {@link grantVaultContext}. */
  sealed_refresh_token: string;
  ga_email: string;
  /** Exactly what was listed: create_properties accepts only these ids. */
  properties: ListedProperty[];
}

/** The vault context of a pending grant's token: bound to its code's digest. */
export const grantVaultContext = (codeHash: string) => ({ pending_grant: codeHash });

/** Short-lived sign-in state (SessionsTable: TTL `expires_at`, also checked on read). */
export interface OAuthSessions {
  putState(stateHash: string, record: OAuthStateRecord, ttlS: number): Promise<void>;
  /** Returns and deletes it in one conditional write; null when absent, taken or expired. */
  takeState(stateHash: string): Promise<OAuthStateRecord | null>;
  /**
   * Stores a grant unless one is already stored under the code.
   * @returns false when another request stored it first.
   */
  putGrant(codeHash: string, grant: PendingGrant, ttlS: number): Promise<boolean>;
  /** Null when absent or expired. */
  getGrant(codeHash: string): Promise<PendingGrant | null>;
  deleteGrant(codeHash: string): Promise<void>;
}

/** A GaPull message asking for a property's first pull. */
export interface BackfillMessage {
  client_uid: string;
  property_id: string;
  reason: 'backfill';
}

/** The GaPull queue, as the connection routes use it. */
export interface BackfillQueue {
  send(messages: readonly BackfillMessage[]): Promise<void>;
}

// Connection links and lost-access notices go out through the comms routes' plain-text mail port.
export type { Mailer, MailMessage } from '../../comms/core/ports';

/** Everything the connection routes need. */
export interface ConnectionDeps {
  companies: CompaniesRepository;
  connections: ConnectionsStore;
  requests: ConnectionRequestsStore;
  sessions: OAuthSessions;
  vault: TokenVault;
  google: GoogleGateway;
  queue: BackfillQueue;
  mailer: Mailer;
  /** Origin of the site pages (links), without a trailing slash. */
  siteOrigin: string;
  now: () => Date;
  /** 32 random bytes, base64url (request tokens, states, PKCE verifiers). */
  randomToken: () => string;
  /** New unique ids (requests, connections). */
  newId: () => string;
}
