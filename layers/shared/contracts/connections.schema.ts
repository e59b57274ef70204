import { z } from 'zod';

/**
 * Web-analytics connections (spec §3 "Connection", §4 "Connection", §5 views selection and
 * connection_email, §7 "Connections", §8 "No Views Found"): a client's Google Analytics 4
 * properties feed its visits. The inputs and results of the connection routes, shared by the
 * lambdas and the web app.
 *
 * Two ways in: a connection request link (`connect_url` makes it; the advertiser opens
 * `/start_connection?xrg=<request token>&cid=<client uid>`, signs in with Google and ticks
 * properties), or Viewer access (the customer adds the product's service account as Viewer on a
 * property; `connect_property` with no connection attaches it).
 */

/**
 * A client's connection health (spec §3 "Company (client)" filters):
 * - connected: at least one property pulls minute visits;
 * - lite_connected: connected, but every pulling property gives hourly visits only (Google
 *   withholds minutes for thresholds, sampling or a small site; the engine runs hourly);
 * - almost_connected: a connection request is open (sent, not finished), nothing connected;
 * - connected_invalid: a connection lost its access (token revoked, Viewer removed) and none
 *   works; the user is told and can reconnect;
 * - with_ua_only: only Universal Analytics properties (retired by Google; nothing to pull);
 * - not_connected: none of the above.
 */
export const CONNECTION_STATUSES = [
  'connected',
  'lite_connected',
  'not_connected',
  'almost_connected',
  'connected_invalid',
  'with_ua_only',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Messages the connection routes and pages show (spec §8, §5). */
export const CONNECTION_MESSAGES = {
  noViews:
    'No Views Found for your Google Account - Did you login with the correct Google account?',
  pickOne: 'Select at least one view.',
  requestGone:
    'This connection link has expired or was already used. Ask the sender for a new one.',
  accessLost:
    'Google no longer gives us access to this property. Reconnect it to resume the visits.',
} as const;

/** How long a connection request link stays valid, in seconds (7 days). */
export const CONNECTION_REQUEST_TTL_S = 7 * 24 * 3600;

/** How far back the first pull of a property reads, in months (GA4 keeps 14 by default). */
export const BACKFILL_MONTHS = 14;

/** Days the hourly pull reads again, because GA4 revises recent data. */
export const REPULL_DAYS = 3;

const clientUid = z.string().trim().min(1).max(64);
/** A GA4 property id as Google writes it: digits only (the `properties/` prefix stripped). */
export const propertyIdField = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Enter a property id.');
/** The single-use request token of a connection link (`xrg`): 43 base64url characters. */
const requestToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'This connection link is incomplete.');
/** Google's authorization code: opaque, bounded. */
const googleCode = z.string().trim().min(1).max(2048);

/**
 * connect_url input: a user with `edit` on the client makes a connection request link; with an
 * e-mail (spec §5 connection_email: empty allowed, else an address) it is mailed there too.
 * `code` is accepted for the spec's call shape and ignored.
 */
export const connectUrlSchema = z.object({
  cid: clientUid,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address')
    .default(''),
  code: z.string().max(2048).optional(),
});
export type ConnectUrlInput = z.input<typeof connectUrlSchema>;

/** connect_url result: the link to send (also mailed when an e-mail was given). */
export const connectUrlResultSchema = z.object({
  connection_url: z.string(),
  request_id: z.string(),
  /** ISO-8601 UTC. */
  expires_at: z.string(),
  mailed_to: z.string().nullable(),
});
export type ConnectUrlResult = z.infer<typeof connectUrlResultSchema>;

/**
 * connection_start input (public): the start page trades the link's request token for Google's
 * authorize address. The server keeps the PKCE verifier and binds the request to `state`.
 */
export const connectionStartSchema = z.object({ xrg: requestToken, cid: clientUid });
export const connectionStartResultSchema = z.object({
  authorize_url: z.string(),
  client_name: z.string(),
});
export type ConnectionStartResult = z.infer<typeof connectionStartResultSchema>;

/** One GA4 property the Google user (or the service account) can read (spec "gaids"). */
export const gaPropertySchema = z.object({
  /** The property id (digits). */
  gaid: z.string(),
  gapropertyid: z.string(),
  /** The property's display name. */
  gaview: z.string(),
  /** Default URI of its first web data stream; '' when it has none. */
  gaurl: z.string(),
  gaccount_id: z.string(),
  account_name: z.string(),
  /** IANA time zone of the property's reports (GA4 dates and hours are in it). */
  time_zone: z.string(),
  checked: z.boolean(),
});
export type GaProperty = z.infer<typeof gaPropertySchema>;

/**
 * list_properties input (public): Google's code and the `state` it came back with. The first
 * call trades the code for tokens; a reload with the same code lists again without a second
 * trade.
 */
export const listPropertiesSchema = z.object({
  code: googleCode,
  state: z.string().trim().min(1).max(256),
  cid: clientUid.optional(),
});
export const listPropertiesResultSchema = z.object({
  /** Empty: the page shows CONNECTION_MESSAGES.noViews. */
  properties: z.array(gaPropertySchema),
  ga_email: z.string(),
  client_name: z.string(),
  client_id: z.string(),
});
export type ListPropertiesResult = z.infer<typeof listPropertiesResultSchema>;

/** create_properties input (public, bound to the code of list_properties): at least one view. */
export const createPropertiesSchema = z.object({
  code: googleCode,
  gaids: z.array(propertyIdField).min(1, CONNECTION_MESSAGES.pickOne).max(50),
  gaccount_id: z.string().max(64).optional(),
  advertiser_id: z.string().max(64).optional(),
  client_id: clientUid,
});
export type CreatePropertiesInput = z.input<typeof createPropertiesSchema>;

/** connect_property input: one more property on a connection, or a Viewer-access property. */
export const connectPropertySchema = z.object({
  cid: clientUid,
  gaid: propertyIdField,
  /** Absent: a property the product's service account reads through Viewer access. */
  connection_id: z.string().trim().min(1).max(64).optional(),
});

/** garequest_cancel input: cancels an open connection request of the client. */
export const garequestCancelSchema = z.object({
  cid: clientUid,
  request_id: z.string().trim().min(1).max(64),
});

/** connection_remove input: disconnects a connection (its visits already pulled stay). */
export const connectionRemoveSchema = z.object({
  cid: clientUid,
  connection_id: z.string().trim().min(1).max(64),
});

/** get_connections input. */
export const getConnectionsSchema = z.object({ cid: clientUid });

/** Backfill and pull progress of one connected property. */
export const pullProgressSchema = z.object({
  state: z.enum(['queued', 'running', 'waiting_quota', 'done', 'failed']),
  /** 0-100: share of the backfill's days pulled. */
  progress: z.number().min(0).max(100),
  /** First and last UTC day (YYYY-MM-DD) of the backfill. */
  from: z.string(),
  to: z.string(),
  /** Last day pulled in order, or null before the first. */
  done_through: z.string().nullable(),
  /** ISO-8601 UTC of the last successful pull, or null. */
  last_pull_at: z.string().nullable(),
  /** Why the pull waits or failed, in words for the user; null otherwise. */
  message: z.string().nullable(),
});
export type PullProgress = z.infer<typeof pullProgressSchema>;

/** One connected property, as the client's Connections panel shows it. */
export const connectedPropertySchema = z.object({
  gaid: z.string(),
  gaview: z.string(),
  gaurl: z.string(),
  time_zone: z.string(),
  /** 'hour' when Google gives this property hourly data only (see hourly_reason). */
  resolution: z.enum(['minute', 'hour']),
  hourly_reason: z.string().nullable(),
  pull: pullProgressSchema,
});
export type ConnectedProperty = z.infer<typeof connectedPropertySchema>;

/** One connection of a client. */
export const connectionViewSchema = z.object({
  connection_id: z.string(),
  /** oauth: signed in with Google; viewer: Viewer access for the product's service account. */
  source: z.enum(['oauth', 'viewer']),
  /** The Google account that granted access ('' for viewer). */
  ga_email: z.string(),
  status: z.enum(['active', 'invalid']),
  /** CONNECTION_MESSAGES.accessLost when invalid. */
  invalid_reason: z.string().nullable(),
  created_at: z.string(),
  properties: z.array(connectedPropertySchema),
  /**
   * oauth, active, caller with `edit`: the properties this Google account reads that no
   * connection of the client pulls yet (connect_property with this connection_id adds one);
   * empty otherwise, and when Google refuses the grant. Optional so a client built before it
   * parses an answer without it and an older server's answer still parses.
   */
  addable_properties: z.array(gaPropertySchema).optional(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

/** An open (or recently ended) connection request of the client. */
export const connectionRequestViewSchema = z.object({
  request_id: z.string(),
  email: z.string(),
  status: z.enum(['open', 'used', 'cancelled', 'expired']),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ConnectionRequestView = z.infer<typeof connectionRequestViewSchema>;

/** get_connections result: everything the client's Connections panel shows. */
export const getConnectionsResultSchema = z.object({
  status: z.enum(CONNECTION_STATUSES),
  connections: z.array(connectionViewSchema),
  requests: z.array(connectionRequestViewSchema),
  /**
   * Viewer-access properties the caller may attach to this client: every unattached one for
   * staff; for others only those a Google account connected to this client can read.
   */
  viewer_properties: z.array(gaPropertySchema),
  /** The address customers add as Viewer (the /all-connect guide shows it). */
  service_account_email: z.string(),
  /** The caller may change connections (edit on the client). */
  can_edit: z.boolean(),
});
export type GetConnectionsResult = z.infer<typeof getConnectionsResultSchema>;
