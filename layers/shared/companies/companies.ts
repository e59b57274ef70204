import type { OrgRole, Share } from '../accounts/accounts';
import { type ClientAccess, clientPerms, requirePerm } from '../accounts/perms';
import type { Caller } from '../auth/caller';
import type { Permission, PermsMap } from '../contracts/account.schema';
import type { SavePlanInput } from '../contracts/acquisition.schema';
import type { ConnectionStatus } from '../contracts/connections.schema';
import { Forbidden, NotFound } from '../errors';

/**
 * Clients (companies / advertiser records, spec §3 "Company", "Advertiser records") and the
 * rule of who may see them. A client belongs to one organisation; a user reaches it through
 * membership of that organisation (or of its parent) or through a share; what they may do is the
 * per-client perms map (layers/shared/accounts/perms.ts, spec §6). Demo clients (sample data) are
 * readable by every signed-in user and writable by staff only.
 */
export interface ClientRecord {
  client_uid: string;
  org_uid: string;
  /** Advertiser name as in the post-log. */
  name: string;
  /** Visits are simulated: screens show SAMPLE DATA. */
  sample_data: boolean;
  /** The seeded demo advertiser, readable by every signed-in user. */
  demo: boolean;
  /** IANA zone used for post-log local times when a row has none (spec "postlog_timezone"). */
  postlog_timezone: string;
  airings: number;
  first_airing_utc: string | null;
  last_airing_utc: string | null;
  latest_report_id: string | null;
  created_at: string;
  /**
   * IAB ad-product taxonomy id of the advertiser's industry (Industry Insights benchmarks compare
   * it with the other advertisers filed there); null or absent until someone sets it.
   */
  industry_id?: string | null;
  /**
   * Web-analytics connection health (layers/shared/connections/client-status.ts), kept up to
   * date by the connection routes and the GA4 pull; absent = not_connected.
   */
  connection_status?: ConnectionStatus;
  /**
   * The client's website hosts (spec "Client info" ga_websites), lower-case, without `www.`:
   * hosts of web streams of properties connected by signing in with Google. For showing only:
   * a stream's URL is whatever its owner typed, so it never grants access (who may attach a
   * Viewer-access property: connect-property.ts mayAttachViewer).
   */
  ga_websites?: string[];
  /** The advertiser's website as the user typed it (company_save); absent = not given. */
  website?: string;
  /**
   * The advertiser's home market, a 3-digit DMA code, as chosen in the landing lookup
   * (company_save, or the pending client of a registration); absent or null = nationwide.
   */
  market?: string | null;
  /**
   * A fresh random token written with every write of one of the client's creatives (in the same
   * transaction: DynamoCreatives.put) and with every whole write of the record (putClient), so a
   * reader that keeps a client's creatives can key them by it and still see every edit on its
   * next read (lambdas/reports/core/caller-facts.ts). Absent on records written before tokens
   * were kept: such a client's creatives are read on every request.
   */
  creatives_version?: string;
  /** Default attribution method of the client's reports (company_save); absent = sessions. */
  attribution_method?: 'sessions' | 'pageviews' | 'newuserbaseline';
  /** Free labels the user files the client under (company_save; the task list's tags filter). */
  tags?: string[];
  /** User ids of the client's reps (company_save; the task list's my_companies filter). */
  rep_uids?: string[];
  /** Display names of rep_uids, same order, kept beside them so the list needs no lookups. */
  rep_names?: string[];
  /**
   * Airings per station call sign (upper-case) over all imports, kept by the post-log import;
   * the task list's stations column and station-group filter read it.
   */
  station_airings?: Record<string, number>;
  /** Airings by media type (tv, radio, cable, streaming, podcast), kept by the post-log import. */
  media_airings?: Record<string, number>;
  /** Some airing carries a cost (spend known: cost per visit and ROI can be shown). */
  has_costs?: boolean;
  /** Visits exist from a GA4 connection or an upload (onboarding progress). */
  has_visits?: boolean;
  /** Number of GA4 properties pulling for the client. */
  connected_properties?: number;
  /** Number of the client's foot-traffic locations (kept by the location routes). */
  ft_locations?: number;
  /** Why the latest report run failed, user-facing; absent when it did not. */
  latest_report_error?: string;
  /** Why the latest post-log import failed, user-facing; absent when it did not. */
  latest_import_error?: string;
  /**
   * The acquisition plan kept on the client (acquisitionowl_save): ad spend, goal, markets,
   * outlets, spot length and dayparts; absent until one is saved.
   */
  goals_and_objectives?: SavePlanInput['goals_and_objectives'];
  /** The plan's return calculator: conversion rate (percent) and order value (integer cents). */
  return_calculator?: SavePlanInput['return_calculator'];
}

/**
 * A client record before any import (no airings, no report), for an advertiser first seen: real
 * data, not a demo, post-log times in New York unless `init` says otherwise.
 * @param now creation time (ISO-8601 UTC in `created_at`).
 */
export function newClientRecord(
  init: Pick<ClientRecord, 'client_uid' | 'org_uid' | 'name'> & Partial<ClientRecord>,
  now: Date,
): ClientRecord {
  return {
    sample_data: false,
    demo: false,
    postlog_timezone: 'America/New_York',
    airings: 0,
    first_airing_utc: null,
    last_airing_utc: null,
    latest_report_id: null,
    created_at: now.toISOString(),
    ...init,
  };
}

/** Storage of clients, organisations and memberships (CompaniesTable in AWS and locally). */
export interface CompaniesRepository {
  getClient(clientUid: string): Promise<ClientRecord | null>;
  putClient(client: ClientRecord): Promise<void>;
  /** Patches fields of an existing client. @throws NotFound when absent. */
  updateClient(
    clientUid: string,
    patch: Partial<Omit<ClientRecord, 'client_uid' | 'org_uid'>>,
  ): Promise<void>;
  listClientsOfOrg(orgUid: string): Promise<ClientRecord[]>;
  listDemoClients(): Promise<ClientRecord[]>;
  /**
   * The client of an advertiser name in an organisation, created when absent. Safe under
   * retries and races: the name claim is a conditional write, so one name maps to one client.
   * @returns the client and whether this call created it.
   */
  ensureAdvertiser(
    orgUid: string,
    name: string,
    make: () => ClientRecord,
  ): Promise<{ client: ClientRecord; created: boolean }>;
  /** Organisation uids the user belongs to, in the order joined. */
  orgsOfUser(userId: string): Promise<string[]>;
  /** Adds (or changes) a membership; `role` defaults to 'member' in the memory adapter. */
  addMembership(userId: string, orgUid: string, role: OrgRole): Promise<void>;
  /** The user's organisations with their role (a membership without a role is 'member'). */
  rolesOfUser(userId: string): Promise<Map<string, OrgRole>>;
  /** Shares (any status) to an e-mail address (lower-case); same items as AccountsRepository. */
  sharesTo(email: string): Promise<Share[]>;
  /**
   * The user's e-mail (lower-case) when their profile says they proved the mailbox; null when
   * it does not or there is no profile. Shares are matched on this, never on the token's
   * `email_verified` claim alone.
   */
  verifiedEmailOf(userId: string): Promise<string | null>;
  /** The parent organisation of an organisation, or null (top-level or unknown). */
  parentOf(orgUid: string): Promise<string | null>;
  /** Uids of the sub-organisations of an organisation. */
  childOrgs(parentUid: string): Promise<string[]>;
}

/**
 * Whether the caller may read the client, given plain memberships (role 'member').
 * Prefer readableClient, which also counts roles and shares.
 */
export function canRead(
  caller: Caller,
  client: ClientRecord,
  callerOrgs: readonly string[],
): boolean {
  return clientPerms(caller, client, memberAccess(callerOrgs)).view;
}

/** Whether the caller may change the client, given plain memberships (see canRead). */
export function canWrite(
  caller: Caller,
  client: ClientRecord,
  callerOrgs: readonly string[],
): boolean {
  return clientPerms(caller, client, memberAccess(callerOrgs)).edit;
}

function memberAccess(orgs: readonly string[]): ClientAccess {
  return {
    orgRoles: new Map(orgs.map((o) => [o, 'member' as const])),
    shares: [],
    orgParents: new Map(),
  };
}

/**
 * Looks up what the caller reaches clients through: memberships with roles, the shares to the
 * caller's e-mail when it is verified, and the parents of `orgUids` the caller is not a
 * direct member of (so a parent's owner manages a sub-organisation's clients).
 * "Verified" is the caller's PROFILE saying the mailbox was proven for the token's very
 * address (verifiedEmailOf), not the token's `email_verified` claim: a claim is only as good as
 * whoever issued it (cognito-local called every e-mail verified), so it can only take access
 * away, never grant it.
 */
export async function loadAccess(
  repo: CompaniesRepository,
  caller: Caller,
  orgUids: readonly string[] = [],
): Promise<ClientAccess> {
  const claimed = caller.emailVerified ? caller.email : null;
  const [orgRoles, verified] = await Promise.all([
    repo.rolesOfUser(caller.userId),
    claimed ? repo.verifiedEmailOf(caller.userId) : Promise.resolve(null),
  ]);
  const shares = claimed && verified === claimed ? await repo.sharesTo(claimed) : [];
  const orgParents = new Map<string, string>();
  if (orgRoles.size > 0) {
    for (const org of new Set(orgUids)) {
      if (orgRoles.has(org)) continue;
      const parent = await repo.parentOf(org);
      if (parent) orgParents.set(org, parent);
    }
  }
  return { orgRoles, shares: shares.filter((s) => s.status === 'active'), orgParents };
}

/**
 * Loads a client with the caller's perms map and checks one permission (spec §6).
 * @returns the client and the caller's perms map for it.
 * @throws NotFound when it does not exist OR the caller may not view it (same answer, so ids of
 *   other customers cannot be probed); Forbidden when visible but `perm` is missing. A missing
 *   permission on an existing client is logged as a warning.
 */
export async function clientWithPerms(
  repo: CompaniesRepository,
  caller: Caller,
  clientUid: string,
  perm: Permission,
): Promise<{ client: ClientRecord; perms: PermsMap }> {
  const client = await repo.getClient(clientUid);
  if (!client) throw new NotFound('Client');
  const access = await loadAccess(repo, caller, [client.org_uid]);
  const perms = clientPerms(caller, client, access);
  requirePerm(perm, perms, caller, client);
  return { client, perms };
}

/**
 * Loads a client the caller may read (perm `view` unless another is named).
 * @throws NotFound when it does not exist or the caller cannot view it; Forbidden when visible
 *   but lacking `perm`.
 */
export async function readableClient(
  repo: CompaniesRepository,
  caller: Caller,
  clientUid: string,
  perm: Permission = 'view',
): Promise<ClientRecord> {
  return (await clientWithPerms(repo, caller, clientUid, perm)).client;
}

/**
 * Loads a client the caller may change: `edit` (settings) unless another permission is named
 * (`import` for post-log and visits imports, `schedule`, `share`).
 * @throws NotFound when invisible to the caller; Forbidden when visible but lacking the
 *   permission (e.g. a demo client: read-only).
 */
export async function writableClient(
  repo: CompaniesRepository,
  caller: Caller,
  clientUid: string,
  perm: Exclude<Permission, 'view'> = 'edit',
): Promise<ClientRecord> {
  return (await clientWithPerms(repo, caller, clientUid, perm)).client;
}
/**
 * The organisation a caller's uploads belong to: their first organisation.
 * @throws Forbidden when the caller belongs to none.
 */
export async function primaryOrg(repo: CompaniesRepository, caller: Caller): Promise<string> {
  const orgs = await repo.orgsOfUser(caller.userId);
  const org = orgs[0];
  if (!org) throw new Forbidden('Your account does not belong to an organisation yet.');
  return org;
}
