import type { ConnectionRequestView } from '../contracts/connections.schema';

/**
 * Connection requests (spec §5 connection_url, connection_email): the single-use links a user
 * with `edit` on a client sends so the advertiser can connect Google Analytics. The link's token
 * is never stored: only its SHA-256 digest (hex), so a leaked table hands out no working link.
 * Stored beside the client in the CompaniesTable: `pk CLIENT#<client_uid>, sk GAREQ#<request_id>`.
 */
export interface ConnectionRequestRecord {
  client_uid: string;
  request_id: string;
  /** Lower-case hex SHA-256 of the link's request token. */
  token_hash: string;
  /** Where the link was mailed ('' when it was only shown). */
  email: string;
  /** user_id of who made it; the connection made through it is recorded as theirs. */
  created_by: string;
  /** ISO-8601 UTC. */
  created_at: string;
  /** ISO-8601 UTC; the link stops working then (CONNECTION_REQUEST_TTL_S after created_at). */
  expires_at: string;
  status: 'open' | 'used' | 'cancelled';
  /** ISO-8601 UTC of the use or cancellation, null while open. */
  closed_at: string | null;
}

/** Storage of connection requests. */
export interface ConnectionRequestsStore {
  /** Stores a new request. */
  put(record: ConnectionRequestRecord): Promise<void>;
  /** Every request of a client, newest first. */
  list(clientUid: string): Promise<ConnectionRequestRecord[]>;
  /**
   * Ends an open request, in one conditional write: it must be `open` and not expired at `now`.
   * @returns true when this call ended it; false when it was absent, already ended or expired
   *   (so of two racing uses of one link only one succeeds).
   */
  close(
    clientUid: string,
    requestId: string,
    to: 'used' | 'cancelled',
    now: Date,
  ): Promise<boolean>;
}

/** Whether a request still works at `now`: open and not expired. */
export function isOpen(r: ConnectionRequestRecord, now: Date): boolean {
  return r.status === 'open' && r.expires_at > now.toISOString();
}

/** A request as get_connections shows it: an open request past its expiry reads `expired`. */
export function requestView(r: ConnectionRequestRecord, now: Date): ConnectionRequestView {
  const status = r.status === 'open' && !isOpen(r, now) ? 'expired' : r.status;
  return {
    request_id: r.request_id,
    email: r.email,
    status,
    created_at: r.created_at,
    expires_at: r.expires_at,
  };
}
