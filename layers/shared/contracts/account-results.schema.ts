import { z } from 'zod';
import { availableProductsSchema } from '../billing/available-products';
import { BROADCAST_TYPES, PERMISSIONS, USER_TYPES } from './account.schema';
import { mfaStepSchema } from './mfa.schema';

/**
 * Results of the account routes that the browser reads (spec §3 "User session", §7
 * "Account and session"): tokens, login results, the session with its organisations and shares,
 * and the public sign-in settings. The inputs with their validation messages are in
 * account.schema.ts.
 */

/** Cognito tokens handed to the browser (seconds until the ID/access tokens expire). */
export const authTokensSchema = z.object({
  id_token: z.string(),
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

/**
 * rest_login / google_login / change_password / finish_registration / exchange_login_token
 * result (spec §7: "result may hold wl_user, base_url, token or redirect_uri"). A white-label
 * user gets `wl_user`, `base_url` and a `redirect_uri` carrying a single-use login token
 * instead of `token`.
 */
export const loginResultSchema = z.object({
  token: authTokensSchema.optional(),
  redirect_uri: z.string(),
  stay_logged_in: z.boolean().optional(),
  wl_user: z.boolean().optional(),
  base_url: z.string().optional(),
  /** Set instead of `token` when a staff or agent sign-in needs its authenticator code first. */
  mfa: mfaStepSchema.optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** An organisation as the session and my_organizations list it (spec §3 "Organization"). */
export const organizationViewSchema = z.object({
  org_uid: z.string(),
  name: z.string(),
  email: z.string(),
  parent_uid: z.string().nullable(),
  sub_org: z.boolean(),
  role: z.enum(['owner', 'admin', 'member']),
  clients: z.number().int(),
});
export type OrganizationView = z.infer<typeof organizationViewSchema>;

/** One share (spec §3 shares; §6 removed or restored). */
export const shareViewSchema = z.object({
  share_uid: z.string(),
  client_uid: z.string(),
  client_name: z.string(),
  from_email: z.string(),
  to_email: z.string(),
  perms: z.array(z.enum(PERMISSIONS)),
  status: z.enum(['active', 'removed']),
  updated_at: z.string(),
});
export type ShareView = z.infer<typeof shareViewSchema>;

/** The shares block of the session and of my_shares. */
export const sharesSchema = z.object({
  shared_to_me: z.array(shareViewSchema),
  shared_to_others: z.array(shareViewSchema),
});
export type Shares = z.infer<typeof sharesSchema>;

/** get_session result: the spec §3 "User session". */
export const userSessionSchema = z.object({
  user_id: z.string(),
  is_registered: z.boolean(),
  primary_email: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(USER_TYPES).nullable(),
  /** Profile fields the account page edits (spec §3 Registration). */
  phone: z.string(),
  company: z.string(),
  url: z.string(),
  industry_id: z.string(),
  markets: z.array(z.string()),
  primary_broadcast_type: z.enum(BROADCAST_TYPES),
  default_station_id: z.string(),
  default_report_tab: z.string(),
  recent_clients: z.array(z.string()),
  default_station_info: z.record(z.string(), z.string()).nullable(),
  email_verified: z.boolean(),
  organizations: z.array(organizationViewSchema),
  shares: sharesSchema,
  /** Profile fields still to fill in (e.g. after a Google sign-in). */
  missing_info: z.array(z.string()),
  /** Roles from Cognito groups. */
  staff: z.boolean(),
  agent: z.boolean(),
  /** What the caller's subscriptions unlock (spec §6 available_products). */
  available_products: availableProductsSchema,
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** Public sign-in settings the browser needs (no secrets): GET auth_config. */
export const authConfigSchema = z.object({
  user_pool_id: z.string(),
  user_pool_client_id: z.string(),
  /** Set locally: the same-origin proxy in front of cognito-local. */
  user_pool_endpoint: z.string().optional(),
  region: z.string(),
  /** Cognito hosted-UI domain when Google sign-in is configured. */
  google: z.object({ authorize_url: z.string() }).nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
