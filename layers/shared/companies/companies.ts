import type { Caller } from '../auth/caller';
import { Forbidden, NotFound } from '../errors';

/**
 * Clients (companies / advertiser records, spec §3 "Company", "Advertiser records") and the
 * rule of who may see them. A client belongs to one organisation; a user reaches it through
 * membership of that organisation. Demo clients (sample data) are readable by every signed-in
 * user and writable by staff only. Shares and the per-client perms map come with accounts
 * (issue #3) and extend `canRead`.
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
  /** Organisation uids the user belongs to. */
  orgsOfUser(userId: string): Promise<string[]>;
  addMembership(userId: string, orgUid: string, role: 'owner' | 'member'): Promise<void>;
}

/** Whether the caller may read the client's data (see the module note). */
export function canRead(
  caller: Caller,
  client: ClientRecord,
  callerOrgs: readonly string[],
): boolean {
  return caller.staff || client.demo || callerOrgs.includes(client.org_uid);
}

/** Whether the caller may change the client's data (imports, settings). */
export function canWrite(
  caller: Caller,
  client: ClientRecord,
  callerOrgs: readonly string[],
): boolean {
  return caller.staff || (!client.demo && callerOrgs.includes(client.org_uid));
}

/**
 * Loads a client the caller may read.
 * @throws NotFound when it does not exist OR the caller may not see it (same answer, so ids of
 *   other customers cannot be probed).
 */
export async function readableClient(
  repo: CompaniesRepository,
  caller: Caller,
  clientUid: string,
): Promise<ClientRecord> {
  const client = await repo.getClient(clientUid);
  if (!client) throw new NotFound('Client');
  const orgs = await repo.orgsOfUser(caller.userId);
  if (!canRead(caller, client, orgs)) throw new NotFound('Client');
  return client;
}

/**
 * Loads a client the caller may change.
 * @throws NotFound when invisible to the caller; Forbidden when visible but read-only (demo).
 */
export async function writableClient(
  repo: CompaniesRepository,
  caller: Caller,
  clientUid: string,
): Promise<ClientRecord> {
  const client = await readableClient(repo, caller, clientUid);
  const orgs = await repo.orgsOfUser(caller.userId);
  if (!canWrite(caller, client, orgs)) throw new Forbidden('Sample clients are read-only.');
  return client;
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
