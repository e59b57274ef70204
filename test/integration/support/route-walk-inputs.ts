import type { Permission } from '#shared/contracts/account.schema';
import { PLANNING_WALK_INPUTS } from './route-walk-planning-inputs';

/**
 * The route walk's input table (test/integration/route-walk.test.ts): for every route of the
 * registry, a plausible input aimed at the victim (a real client of another customer, its
 * organisation, its share, import and saved report), and what that input targets, from which
 * the walk derives who must be refused. A route of the registry without a row fails the walk
 * with "add an input for <route>".
 */

/** The victim's objects the inputs aim at. */
export interface Victim {
  /** A real (non-demo) client with a post-log, visits and a finished report. */
  clientUid: string;
  /** Its organisation; the owner is the local demo user. */
  orgUid: string;
  ownerEmail: string;
  reportId: string;
  sessionUid: string;
  /** The finished post-log import of the client. */
  postlogId: string;
  savedId: string;
  /** An active view share of the client by the owner to someone outside the walk. */
  friendShareUid: string;
  /** A pending invitation to the organisation. */
  invitedEmail: string;
  /** An active post-log drop of the client, made by the owner. */
  dropId: string;
  /** An open connection request link of the client, made by the owner. */
  connectionRequestId: string;
  /** A connection of the client holding no GA4 property (so no pull runs during the walk). */
  connectionId: string;
  /** A campaign of the client, made by the owner. */
  campaignUid: string;
}

/**
 * What an input targets:
 * - `{ client: perm }`: the victim client; needs that permission (strangers to it: 404;
 *   a view-only sharee: 403 unless perm is `view`).
 * - `org`: the victim organisation (its owners and admins only: everyone else 404).
 * - `owned`: another object of the victim's (share, invitation, import): everyone else 404.
 * - `self`: the caller's own account, organisations or billing.
 * - `open`: nothing of the victim's (public, agent and staff routes: the route's auth decides).
 */
export type Target = { client: Permission } | 'org' | 'owned' | 'self' | 'open';

/** One row of the table. */
export interface WalkRow {
  target: Target;
  input: (v: Victim) => Record<string, unknown>;
  /**
   * For routes that count refused attempts by design (login failures, code tries, rate-limit
   * windows): the state changes a refusal may make, matched against each change line of
   * storeChanges ("+ <table> pk=... sk=..."). Anything else a refusal writes still fails.
   */
  counts?: RegExp;
  /**
   * Background work an accepted call starts (a report run, a generation job): wait for it
   * before going on.
   */
  settle?: 'report' | 'generated';
}

const EMAIL = 'walk-newcomer@walk.example.com';
const PASSWORD = 'sofa12!chair';

/**
 * What the account and form routes write on a refusal by design: rate-limit windows, the tries
 * of an existing code (counted before the check, so parallel guesses cannot pass the limit), and
 * the unlock link a locked account's owner is mailed.
 */
const ATTEMPTS =
  /^([+~] (analyticowl-sessions|analyticowl-messages) pk=(RATE#|OTT#unlock#)|~ analyticowl-sessions pk=CODE#)/;

const contact = (v: Victim) => ({
  first_name: 'Walk',
  last_name: 'Er',
  email: v.ownerEmail,
  subject: 'Hello',
  message: 'A message from the route walk.',
});

const billing = {
  billing_method: 'invoice',
  billing_contact_name: 'Walk Er',
  billing_contact_phone: '312-555-0100',
  billing_contact_emails: 'billing@walk.example.com',
  billing_address: '1 Main St',
  billing_city: 'Chicago',
  billing_state: 'IL',
  billing_zipcode: '60601',
  billing_country: 'US',
};

const clientOnly = (v: Victim) => ({ client_uid: v.clientUid });
const orgOnly = (v: Victim) => ({ organization_uid: v.orgUid });
const none = () => ({});

/** Every route's row, by route name. */
export const WALK_INPUTS: Record<string, WalkRow> = {
  routes: { target: 'open', input: none },
  fetch_companies: { target: 'self', input: none },
  save_filters: { target: 'self', input: () => ({ filters: { favorites_first: true } }) },
  save_favorite: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, added: true }),
  },
  fetch_company_breakdowns: { target: { client: 'view' }, input: clientOnly },
  fetch_client_info: { target: { client: 'view' }, input: clientOnly },
  company_save: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, name: 'Walk renamed', tags: ['walk'] }),
  },
  client_merge: {
    target: { client: 'edit' },
    input: (v) => ({ from_client_uid: v.clientUid, into_client_uid: 'walk-other-client' }),
  },
  // The per-user window is counted before the client is read (ids cannot be probed for free).
  request_help: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, topic: 'other', message: 'Walk help.' }),
    counts: ATTEMPTS,
  },
  company_queue_monitor: {
    target: { client: 'view' },
    input: (v) => ({ current_report_client_uid: v.clientUid }),
  },
  company_queue_clear: {
    target: { client: 'view' },
    input: (v) => ({ queue: 'client', client_uid: v.clientUid }),
  },
  weekly_trends: { target: 'self', input: () => ({ week_count: 3 }) },
  fetch_locations: { target: { client: 'view' }, input: clientOnly },
  find_location: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, query: 'a' }),
  },
  save_location: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      store_id: 'walk-store',
      name: 'Walk store',
      address: '1 Walk St',
    }),
  },
  // The victim has no location: a location uid of no store answers 404 to everyone, before the
  // edit permission is checked (so even a viewer learns nothing).
  delete_location: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none' }),
  },
  save_location_nickname: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none', nickname: 'Walk' }),
  },
  save_location_hours: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none', hours: null }),
  },
  create_upload: {
    target: { client: 'import' },
    input: (v) => ({ kind: 'visits', file_name: 'walk-visits.csv', client_uid: v.clientUid }),
  },
  get_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  confirm_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  retry_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  pending_imports: { target: { client: 'import' }, input: clientOnly },
  create_drop: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, label: 'Walk rival drop' }),
  },
  list_drops: { target: 'org', input: (v) => ({ organization_uid: v.orgUid }) },
  revoke_drop: { target: 'owned', input: (v) => ({ drop_id: v.dropId }) },
  perform_report: { target: { client: 'edit' }, input: clientOnly, settle: 'report' },
  queue_monitor: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, session_uid: v.sessionUid }),
  },
  get_report: { target: { client: 'view' }, input: clientOnly },
  print_report: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, print_options: {}, customize: {} }),
  },
  fetch_drilldowns: { target: { client: 'view' }, input: clientOnly },
  fetch_stream_drilldowns: { target: { client: 'view' }, input: clientOnly },
  get_report_settings: { target: { client: 'view' }, input: clientOnly },
  update_report_settings: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, settings: { vpa: 'share_vpa' } }),
  },
  reset_settings: { target: { client: 'edit' }, input: clientOnly },
  // The caller's own defaults for new settings: no client, so any signed-in user.
  update_default_report_settings: {
    target: 'self',
    input: () => ({ station: { station_name: 'WALK' }, rep: {} }),
  },
  // The caller's own station fields: no client, so any signed-in user.
  update_station_info: { target: 'self', input: () => ({ name: 'WALK' }) },
  save_report: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      report_id: v.reportId,
      name: 'Walked',
      comments: '',
      settings: {},
    }),
  },
  saved_reports: { target: { client: 'view' }, input: clientOnly },
  get_saved_report: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, saved_id: v.savedId }),
  },
  industry_insights: { target: { client: 'view' }, input: clientOnly },
  set_client_industry: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, industry_id: '1268' }),
  },
  // The sender's hourly window is counted before the client is read (as request_help).
  send_summary_email: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      report_id: v.reportId,
      recipients: ['walk-reader@walk.example.com'],
      note: 'Walk summary.',
    }),
    counts: ATTEMPTS,
  },
  industries: { target: 'open', input: none },
  regions: { target: 'open', input: none },
  stations: { target: 'open', input: () => ({ q: 'news' }) },
  global_stations: { target: 'open', input: () => ({ id: 'tv:WPVI' }) },
  tags: { target: 'open', input: none },
  nowl_broadcast_types: { target: 'open', input: none },
  nowl_industries: { target: 'open', input: none },
  nowl_regions: { target: 'open', input: none },
  nowl_station_formats: { target: 'open', input: none },
  nowl_dayparts: { target: 'open', input: none },
  nowl_top_ten_summaries: { target: 'open', input: () => ({ market: '501' }) },
  nowl_ratings: { target: 'open', input: () => ({ market: '501', subject: 'station' }) },
  nowl_station: { target: 'open', input: () => ({ station_id: 'tv:WPVI' }) },
  // Plan-gated (competitive_data: 403 for the walk's customers, whom the walk expects let in):
  // a malformed period stops it at validation, so the walk checks sign-in and no 5xx; the gate
  // itself is tested in test/lambdas/ratings/handlers.
  nowl_market_insights: { target: 'self', input: () => ({ period: 'walk' }) },
  auth_config: { target: 'open', input: none },
  acquisitionowl_regions: { target: 'open', input: none },
  acquisitionowl_outlets: { target: 'open', input: () => ({ regions: ['501'] }) },
  // A visitor or stranger naming the victim client for its own VPA gets 404 (handler tests).
  acquisitionowl_calculate: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      budget_cents: 100_000,
      outlets: ['x'],
      spot_length_s: 30,
    }),
  },
  acquisitionowl_calculate_goals: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      outlets: ['x'],
      spot_length_s: 30,
      goal: 'visits',
      target: 100,
    }),
  },
  acquisitionowl_calculate_roi: {
    target: 'open',
    input: () => ({
      budget_cents: 100_000,
      visits: 50,
      conversion_rate_pct: 2,
      order_value_cents: 5_000,
    }),
  },
  acquisitionowl_save: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      goals_and_objectives: {
        ad_spend_cents: 100_000,
        goal: 'visits',
        target: 100,
        regions: ['501'],
        outlets: ['x'],
        spot_length_s: 30,
        dayparts: [],
      },
      return_calculator: { conversion_rate_pct: 2, order_value_cents: 5_000 },
    }),
  },
  register: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      first_name: 'Mal',
      last_name: 'Lory',
      email: v.ownerEmail,
      phone: '312-555-0100',
      user_type: 'self',
      industry_id: '1268',
      company: 'Squat Co',
      url: 'https://squat.example.com',
      years_experience_raw: 4,
      new_password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
    }),
  },
  rest_login: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail, password: 'not-the-password-1!' }),
  },
  google_login: {
    target: 'open',
    input: () => ({ code: 'walk-code', code_verifier: 'v'.repeat(43) }),
  },
  exchange_login_token: { target: 'open', input: () => ({ login_token: 't'.repeat(40) }) },
  // A guessed sign-in session and code: the step of someone else's sign-in cannot be finished.
  mfa_setup: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ session: 's'.repeat(40), code: '123456' }),
  },
  mfa_challenge: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ session: 's'.repeat(40), code: '123456' }),
  },
  reset_password: { target: 'open', counts: ATTEMPTS, input: (v) => ({ email: v.ownerEmail }) },
  change_password: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ token: 't'.repeat(40), new_password: PASSWORD, confirm_password: PASSWORD }),
  },
  send_verify_email: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email: v.ownerEmail }),
  },
  verify_email: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email: v.ownerEmail, code: 'ABC123' }),
  },
  finish_registration: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      email: v.ownerEmail,
      code: 'ABC123',
      new_password: PASSWORD,
      confirm_password: PASSWORD,
    }),
  },
  send_auth_code: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail }),
  },
  verify_auth_code: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail, code: 'ABC123' }),
  },
  simple_register: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({
      first_name: 'Mal',
      last_name: 'Lory',
      new_password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
      proof_token: 'p'.repeat(40),
      role: 'self',
    }),
  },
  get_session: { target: 'self', input: none },
  update_profile: { target: 'self', input: () => ({ first_name: 'Walked' }) },
  missing_info: { target: 'self', input: none },
  my_organizations: { target: 'self', input: none },
  update_organization: {
    target: 'org',
    input: (v) => ({ org_uid: v.orgUid, name: 'Taken Over', email: EMAIL }),
  },
  my_shares: { target: 'self', input: none },
  update_share: {
    target: { client: 'share' },
    input: (v) => ({ client_uid: v.clientUid, email: EMAIL, perms: ['view'] }),
  },
  remove_share: {
    target: 'owned',
    input: (v) => ({ share_uid: v.friendShareUid, action: 'remove' }),
  },
  organization_members: { target: 'org', input: orgOnly },
  invite_member: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, email: EMAIL, role: 'admin' }),
  },
  remove_member: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, email: v.invitedEmail }),
  },
  comms: { target: 'open', counts: ATTEMPTS, input: (v) => ({ form: contact(v) }) },
  do_not_sell: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      ...contact(v),
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zipcode: '60601',
      do_not_sell: true,
    }),
  },
  get_billing_profile: { target: 'org', input: orgOnly },
  get_subscriptions: { target: 'self', input: none },
  create_setup_intent: { target: 'org', input: orgOnly },
  add_billing_profile: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, billing, credit_card: null }),
  },
  order_product: {
    target: 'org',
    input: (v) => ({
      plan: 'individual',
      product: 'both',
      organization_uid: v.orgUid,
      accept_terms: true,
    }),
  },
  cancel_subscription: { target: 'org', input: orgOnly },
  approve_invoice_customer: { target: 'open', input: orgOnly },
  stripe_webhook: { target: 'open', input: () => ({ id: 'evt_walk', type: 'invoice.paid' }) },
  connect_url: { target: { client: 'edit' }, input: (v) => ({ cid: v.clientUid, email: '' }) },
  garequest_cancel: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, request_id: v.connectionRequestId }),
  },
  // Public: a guessed link, sign-in or code answers 410 and must write nothing.
  connection_start: { target: 'open', input: (v) => ({ xrg: 'A'.repeat(43), cid: v.clientUid }) },
  list_properties: {
    target: 'open',
    input: (v) => ({ code: 'walk-code', state: 'walk-state', cid: v.clientUid }),
  },
  create_properties: {
    target: 'open',
    input: (v) => ({ code: 'walk-code', gaids: ['412000003'], client_id: v.clientUid }),
  },
  // A property nobody shared with the service account: staff get 400 (nothing attached, so no
  // pull starts mid-walk), others are refused for the client.
  connect_property: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, gaid: '999999999' }),
  },
  connection_remove: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, connection_id: v.connectionId }),
  },
  get_connections: { target: { client: 'view' }, input: (v) => ({ cid: v.clientUid }) },
  cls_search: { target: 'open', input: () => ({ search_text: 'Walk' }) },
  cls_get_record: { target: 'open', input: () => ({ client_id: 'walk-advertiser' }) },
  cls_activity: {
    target: 'open',
    input: () => ({ client_id: 'walk-advertiser', activity: 'notes', payload: { notes: 'x' } }),
  },
  cls_followups: { target: 'open', input: () => ({ today: '2026-11-23' }) },
  ...PLANNING_WALK_INPUTS,
};
