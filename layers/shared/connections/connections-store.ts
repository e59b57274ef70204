import type { PullProgress } from '../contracts/connections.schema';

/**
 * The stored side of web-analytics connections, shared by the connection routes (which create
 * and change connections) and the GA4 pull (which reads them and records its progress). Items
 * live in the CompaniesTable beside the client:
 * - `pk CLIENT#<client_uid>, sk GACONN#<connection_id>`: a connection (ConnectionRecord);
 * - `pk CLIENT#<client_uid>, sk GAPROP#<property_id>`: one connected property's pull state
 *   (PropertyPullState), one item per property so concurrent pulls never overwrite each other;
 * - `pk GAPULL, sk <client_uid>#<property_id>`: the index the hourly scheduler walks.
 * Refresh tokens are stored sealed (TokenVault), never in plain text, never logged.
 */

/** A stored connection of a client. */
export interface ConnectionRecord {
  client_uid: string;
  connection_id: string;
  /** oauth: a Google user's grant; viewer: the product's service account (no token stored). */
  source: 'oauth' | 'viewer';
  /** Google account e-mail that granted access; '' for viewer. */
  ga_email: string;
  /** TokenVault.seal of the refresh token; null for viewer. */
  sealed_refresh_token: string | null;
  status: 'active' | 'invalid';
  /** Why it is invalid, for the user; null when active. */
  invalid_reason: string | null;
  /** Property ids (digits) pulled through this connection. */
  property_ids: string[];
  /**
   * oauth: every property id the Google user's grant could read when it was made or last
   * listed (not only those ticked). Google's own access control proves these belong to someone
   * who connected this client, so its editors may attach them through Viewer access too; a web
   * stream's URL proves nothing (GA4 lets anyone type any address). Absent on viewer
   * connections and on ones stored before it existed.
   */
  readable_property_ids?: string[];
  /** user_id of who finished it (the request's creator for links opened by an advertiser). */
  created_by: string;
  /** ISO-8601 UTC. */
  created_at: string;
  /** Version for conditional updates (bumped by every write). */
  version: number;
}

/** The pull state of one connected property of a client. */
export interface PropertyPullState {
  client_uid: string;
  property_id: string;
  connection_id: string;
  display_name: string;
  /** Default URI of the property's first web stream, '' when none. */
  url: string;
  /** IANA zone of the property's reports: GA4's dateHourMinute is local to it. */
  time_zone: string;
  /** 'hour' once Google is seen withholding minute data for the property. */
  resolution: 'minute' | 'hour';
  hourly_reason: string | null;
  /** Progress as get_connections shows it (state, %, from/to, done_through, last pull). */
  pull: PullProgress;
  /** Quota bucket: tokens left and when it was last refilled (ISO-8601 UTC). */
  quota_tokens: number;
  quota_at: string;
  /** Earliest time the next pull may call Google again (back-off), ISO-8601 UTC, or null. */
  retry_after: string | null;
  version: number;
}

/** Storage of connections and pull states (CompaniesTable in AWS and locally). */
export interface ConnectionsStore {
  listConnections(clientUid: string): Promise<ConnectionRecord[]>;
  getConnection(clientUid: string, connectionId: string): Promise<ConnectionRecord | null>;
  /** Creates or replaces; conditional on `version` when the item exists. @throws Conflict. */
  putConnection(record: ConnectionRecord): Promise<void>;
  /** Removes a connection item (connection_remove; its property states are removed one by one). */
  deleteConnection(clientUid: string, connectionId: string): Promise<void>;
  listPropertyStates(clientUid: string): Promise<PropertyPullState[]>;
  getPropertyState(clientUid: string, propertyId: string): Promise<PropertyPullState | null>;
  /**
   * Writes a pull state conditional on the stored `version` (equal to `record.version - 1`, or
   * absent when `record.version` is 1), and keeps the GAPULL index item in step.
   * @throws Conflict when another writer got there first.
   */
  putPropertyState(record: PropertyPullState): Promise<void>;
  /** Removes a property's pull state and its index item (its pulled visits stay in the lake). */
  deletePropertyState(clientUid: string, propertyId: string): Promise<void>;
  /** Every (client_uid, property_id) with a pull state: the hourly scheduler's walk. */
  listPulledProperties(): Promise<Array<{ client_uid: string; property_id: string }>>;
}
