import type { AvailableProducts } from '#shared/billing/available-products';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type {
  ReportDefaults,
  ReportSettingsDoc,
  SavedReport,
} from '#shared/contracts/report-session.schema';

/**
 * Ports of the report session (Customize window, saved reports, paywall; spec §3
 * "Report session", §4, §7 save_report, reset_settings, update_default_report_settings, §9 "Two
 * free reports always"). Adapters: the SessionsTable (DynamoDB; adapters/dynamo-report-sessions.ts),
 * the user's profile in the CompaniesTable (adapters/profile-directory.ts) and in-memory fakes
 * (adapters/memory-report-sessions.ts). Instants are ISO-8601 UTC strings.
 */

/** Stored settings of one (user, client). */
export interface StoredSettings {
  settings: ReportSettingsDoc;
  updated_at: string;
}

/** Report settings per (user, client). Last write wins (one browser saves one at a time). */
export interface ReportSettingsStore {
  getSettings(userId: string, clientUid: string): Promise<StoredSettings | null>;
  putSettings(userId: string, clientUid: string, value: StoredSettings): Promise<void>;
  /** Removes them (reset_settings); removing absent settings is not an error. */
  deleteSettings(userId: string, clientUid: string): Promise<void>;
}

/** A saved report as stored: the public shape plus who saved it and what the client looked like. */
export interface SavedReportRecord extends SavedReport {
  /** Cognito sub of the user who saved it (never sent to browsers). */
  created_by: string;
  /** The client's post-log state at save time: a later import makes the save stale. */
  client_snapshot: { airings: number; last_airing_utc: string | null };
}

/** Saved reports per client. */
export interface SavedReportsStore {
  /**
   * Creates a saved report unless one with its (client_uid, saved_id) exists: a conditional
   * write, so a retried save adds nothing twice.
   * @returns whether this call created it, and the stored record (the earlier one when not).
   */
  createSaved(record: SavedReportRecord): Promise<{ created: boolean; record: SavedReportRecord }>;
  getSaved(clientUid: string, savedId: string): Promise<SavedReportRecord | null>;
  /** Every saved report of a client, newest first. */
  listSaved(clientUid: string): Promise<SavedReportRecord[]>;
}

/** Which clients each user has run a free report on (spec §9 "Two free reports always"). */
export interface FreeReportUsage {
  /** Client uids the user used free reports on, in no particular order. */
  freeClients(userId: string): Promise<string[]>;
  /**
   * Adds `clientUid` to the user's free clients when it is already there or there are fewer
   * than `limit`; atomic (a conditional update), so racing runs cannot exceed the limit.
   * @returns true when the client is (now) one of the user's free clients.
   */
  claim(userId: string, clientUid: string, limit: number): Promise<boolean>;
}

/** Whether a user pays for unlimited reports (billing: Advertiser Insights; spec §6). */
export interface Plans {
  hasActivePlan(userId: string): Promise<boolean>;
  /**
   * The user's available_products flags, derived on the server from the subscriptions that
   * grant access now (the report sections sold one by one read them: core/feature-gates.ts).
   * `orgUids`: the user's organisations when the caller has just read them (the access check,
   * core/caller-facts.ts), so they are not read a second time; absent = read them.
   */
  availableProducts(
    userId: string,
    orgUids?: readonly string[],
    started?: PlanReads,
  ): Promise<AvailableProducts>;
  /**
   * Starts reading the plans of these organisations at once, for an availableProducts call that
   * names them a moment later (`started`): a report read sends these reads with the client
   * record's, in one BatchGetItem. The reads' failures surface only through that call.
   * Optional: plans without it read when asked.
   */
  startPlanReads?(orgUids: readonly string[]): PlanReads;
}

/** Subscription reads of organisations started ahead (Plans.startPlanReads), by organisation uid. */
export type PlanReads = ReadonlyMap<string, Promise<SubscriptionRecord[]>>;

/** Users' display names and report defaults (the profile: spec §3 default_station_info). */
export interface UserDirectory {
  /** "First Last", else the e-mail, else `fallback`. */
  displayName(userId: string, fallback: string): Promise<string>;
  /** The user's station and rep defaults; null when none were set. */
  getDefaults(userId: string): Promise<ReportDefaults | null>;
  /** Replaces the user's defaults. @throws NotFound('Profile') when the user has no profile. */
  putDefaults(userId: string, defaults: ReportDefaults): Promise<void>;
}
