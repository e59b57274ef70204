import type { AccountsRepository } from '#shared/accounts/accounts';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import type { StoredReportView } from '#shared/contracts/report.schema';
import type { LocationsStore } from '#shared/locations/locations';
import type { ImportJobs, LakeGenerations, LakeWriter } from '../../imports/core/ports';
import type { IndustryBenchmarkStore } from '../../reports/core/industry-benchmarks';
import type { SavedReportsStore } from '../../reports/core/report-session-ports';
import type { MoveScheduleDeps } from '../../schedules/core/move-schedules';

/**
 * Ports of the per-client routes of the task list (fetch_company_breakdowns, fetch_client_info,
 * company_save, client_merge, request_help). Clients, memberships and shares come from the
 * CompaniesRepository and AccountsRepository; the lake ports are the imports context's (a merge
 * writes generations exactly as an import does).
 */

/**
 * Advertiser name claims (`pk ORG#<org>, sk ADVERTISER#<name lower-case>` -> client_uid): one name
 * maps to one client per organisation, so a later post-log import of that advertiser lands on it
 * (CompaniesRepository.ensureAdvertiser reads the same claims).
 */
export interface ClientNames {
  /** The client holding `name` in the organisation (case-insensitive), or null. */
  owner(orgUid: string, name: string): Promise<string | null>;
  /**
   * Moves the client's claim from `oldName` to `newName` in one transaction (the new claim is
   * written only when free or already the client's; the old one deleted only while it is the
   * client's). Retry-safe.
   * @returns false, with nothing written, when another client holds `newName`.
   */
  rename(orgUid: string, clientUid: string, oldName: string, newName: string): Promise<boolean>;
  /** Points the claim of `name` at `toUid` (whoever held it): the merged name then maps there. */
  reassign(orgUid: string, name: string, toUid: string): Promise<void>;
  /**
   * Every name of the organisation claimed by the client (lower-case): its own, and those of
   * clients merged into it earlier.
   */
  namesOf(orgUid: string, clientUid: string): Promise<string[]>;
}

/** Deleting a client record (the merge's last step). */
export interface ClientRemoval {
  /** Deletes the client's record (its META item); a client already gone is no error. */
  deleteClient(client: ClientRecord): Promise<void>;
}

/** Stored reports of a client (the reports bucket: `reports/<client_uid>/...`). */
export interface ReportFiles {
  /** The stored view of a report (null when absent). */
  view(clientUid: string, reportId: string): Promise<StoredReportView | null>;
  /** Ids of the client's stored reports (documents `reports/<client_uid>/<id>.json`). */
  reportIds(clientUid: string): Promise<string[]>;
  /** Copies every object of one report from one client's folder to another's (idempotent). */
  copyReport(fromClientUid: string, toClientUid: string, reportId: string): Promise<void>;
}

/** A user's saved ad-spend calculator of a client's report settings, or null (none saved). */
export interface CalculatorReader {
  calculatorOf(
    userId: string,
    clientUid: string,
  ): Promise<{
    ad_spend_cents: number;
    conversion_rate_pct: number;
    order_value_cents: number;
  } | null>;
}

/** A user's favourite clients (the task list's favourites; same items save_favorite writes). */
export interface FavoriteClients {
  isFavorite(userId: string, clientUid: string): Promise<boolean>;
  setFavorite(userId: string, clientUid: string, added: boolean): Promise<void>;
}

/** A plain-text e-mail to the team inbox, answered to `replyTo`. */
export interface HelpMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Outgoing mail (SES in AWS; the local outbox). */
export interface HelpMailer {
  send(message: HelpMail): Promise<void>;
}

/** A fixed-window counter: adds one to `key` in the current window, returns the new count. */
export interface HitCounter {
  hit(key: string, windowS: number): Promise<number>;
}

/** What the per-client routes read and write. */
export interface ClientDeps {
  companies: CompaniesRepository;
  accounts: Pick<AccountsRepository, 'getProfile' | 'membersOf' | 'sharesFrom' | 'putShare'>;
  names: ClientNames;
  now: () => Date;
  newId: () => string;
}

/** What client_merge needs besides ClientDeps. */
export interface MergeDeps extends ClientDeps {
  lake: LakeWriter;
  generations: LakeGenerations;
  jobs: Pick<ImportJobs, 'knownEntities'>;
  reports: Pick<ReportFiles, 'reportIds' | 'copyReport'>;
  /** Saved reports (the report screen's saved list) of a client. */
  saved: Pick<SavedReportsStore, 'listSaved' | 'createSaved'>;
  locations: Pick<
    LocationsStore,
    'listLocations' | 'createLocation' | 'deleteLocation' | 'listKnownStores' | 'recordKnownStores'
  >;
  favorites: FavoriteClients;
  removal: ClientRemoval;
  /** The client's Google Analytics connections (a connected client is not merged away). */
  connections: Pick<ConnectionsStore, 'listConnections' | 'listPropertyStates'>;
  /** Industry Insights contributions (the merged client's leaves its industry). */
  benchmarks: Pick<IndustryBenchmarkStore, 'removeFromIndustry'>;
  /** Scheduled deliveries and their triggers (the merged client's move to the kept one). */
  scheduledDeliveries?: MoveScheduleDeps;
}
