import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { StationGroup } from '#shared/contracts/companies.schema';
import type { ActivityFacts } from './activity';
import type { PeriodStatsSource } from './org-rollup-stats';

/**
 * Ports of the organisation families (station month, advertiser, activity, station group
 * options, organisation roll-up). Clients, memberships and shares come from the
 * CompaniesRepository; the figures from a PeriodStatsSource.
 */

/** Every client that ever aired on a station, whoever owns it (the station month's "others"). */
export interface StationClients {
  /** Clients whose station_airings name the call sign (upper-case). */
  clientsOn(station: string): Promise<ClientRecord[]>;
}

/** Where activity facts are recorded (see activity.ts for which store holds which fact). */
export interface ActivitySource {
  /**
   * Facts of the clients (and of the organisations' imports) between `fromIso` (inclusive) and
   * `toIso` (exclusive), ISO-8601 UTC. `logins` null: no login record is kept.
   */
  factsOf(
    clients: readonly ClientRecord[],
    orgUids: readonly string[],
    fromIso: string,
    toIso: string,
  ): Promise<ActivityFacts>;
}

/** A user's station groups (the task list's saved groups). */
export interface StationGroupsOf {
  groupsOf(userId: string): Promise<StationGroup[]>;
}

/** Names of organisations that have a record (others are absent). */
export interface OrgNames {
  orgNames(orgUids: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The organisation families' own ports, beside the client families' BuildDeps (which give the
 * companies and the engine's period runs).
 */
export interface OrgPorts {
  /** Clients' figures over a period (the engine in-process: org-rollup-engine.ts). */
  stats: PeriodStatsSource;
  stationClients: StationClients;
  activity: ActivitySource;
  groups: StationGroupsOf;
  orgs: OrgNames;
  /** The market's name for a DMA code (NATIONAL -> "National"); the code when unknown. */
  marketName: (code: string) => string;
}

/**
 * Whether the caller may ask about a whole organisation (the roll-up, the organisation's
 * activity): staff, or a member (any role) of the organisation or of its parent. A sharee of
 * one of its clients may not: the organisation is not theirs.
 */
export async function mayReportOnOrg(
  companies: Pick<CompaniesRepository, 'rolesOfUser' | 'parentOf'>,
  caller: { userId: string; staff: boolean },
  orgUid: string,
): Promise<boolean> {
  if (caller.staff) return true;
  const roles = await companies.rolesOfUser(caller.userId);
  if (roles.has(orgUid)) return true;
  const parent = await companies.parentOf(orgUid);
  return parent !== null && roles.has(parent);
}

/** What the organisation families read. */
export interface OrgFamilyDeps extends OrgPorts {
  companies: CompaniesRepository;
}
