import type { Permission } from '#shared/contracts/account.schema';
import { ACCOUNTS_WALK_INPUTS } from './walk-inputs/accounts.inputs';
import { ACQUISITION_WALK_INPUTS } from './walk-inputs/acquisition.inputs';
import { BILLING_WALK_INPUTS } from './walk-inputs/billing.inputs';
import { CALL_CENTRE_WALK_INPUTS } from './walk-inputs/call-centre.inputs';
import { COMPANIES_WALK_INPUTS } from './walk-inputs/companies.inputs';
import { CONNECTIONS_WALK_INPUTS } from './walk-inputs/connections.inputs';
import { DROPS_WALK_INPUTS } from './walk-inputs/drops.inputs';
import { IMPORTS_WALK_INPUTS } from './walk-inputs/imports.inputs';
import { PLANNING_WALK_INPUTS } from './walk-inputs/planning.inputs';
import { RATINGS_WALK_INPUTS } from './walk-inputs/ratings.inputs';
import { REGISTRY_WALK_INPUTS } from './walk-inputs/registry.inputs';
import { REPORTS_WALK_INPUTS } from './walk-inputs/reports.inputs';
import { STATIONS_WALK_INPUTS } from './walk-inputs/stations.inputs';

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

/** Every route's row, by route name. */
export const WALK_INPUTS: Record<string, WalkRow> = {
  ...REGISTRY_WALK_INPUTS,
  ...COMPANIES_WALK_INPUTS,
  ...IMPORTS_WALK_INPUTS,
  ...DROPS_WALK_INPUTS,
  ...REPORTS_WALK_INPUTS,
  ...STATIONS_WALK_INPUTS,
  ...RATINGS_WALK_INPUTS,
  ...ACCOUNTS_WALK_INPUTS,
  ...ACQUISITION_WALK_INPUTS,
  ...BILLING_WALK_INPUTS,
  ...CONNECTIONS_WALK_INPUTS,
  ...CALL_CENTRE_WALK_INPUTS,
  ...PLANNING_WALK_INPUTS,
};
