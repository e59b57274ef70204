import type { Caller } from '#shared/auth/caller';
import {
  type CompaniesRepository,
  readableClient,
  writableClient,
} from '#shared/companies/companies';
import {
  defaultReportSettings,
  type ReportDefaults,
  type ReportSettingsDoc,
  type ReportSettingsResult,
  reportSettingsDocSchema,
  withUserDefaults,
} from '#shared/contracts/report-session.schema';
import { safeId } from './keys';
import type { Clock } from './ports';
import type { ReportSettingsStore, UserDirectory } from './report-session-ports';

/**
 * Report settings per (user, client) (spec §3 Settings, §4 "Settings autosave after a 5 s
 * debounce, not for demo clients", §7 reset_settings, update_default_report_settings; the
 * Customize window's settings survive a reload). Reading needs a readable client; writing needs the
 * `edit` permission, so demo clients (read-only) answer 403 "Sample clients are read-only." (the
 * browser does not autosave them anyway); another customer's client answers 404.
 */

/** Dependencies of the settings use cases. */
export interface ReportSettingsDeps {
  companies: CompaniesRepository;
  settings: ReportSettingsStore;
  users: UserDirectory;
  clock: Clock;
}

async function result(
  deps: ReportSettingsDeps,
  caller: Caller,
  clientUid: string,
): Promise<ReportSettingsResult> {
  const [stored, defaults] = await Promise.all([
    deps.settings.getSettings(caller.userId, clientUid),
    deps.users.getDefaults(caller.userId),
  ]);
  // Stored documents are read through the schema: fields added since they were saved get
  // their defaults; one that no longer passes (a rule tightened) falls back to the defaults.
  const parsed = reportSettingsDocSchema.safeParse(stored?.settings ?? {});
  return {
    client_uid: clientUid,
    settings: withUserDefaults(parsed.success ? parsed.data : defaultReportSettings(), defaults),
    saved: stored !== null,
    updated_at: stored?.updated_at ?? null,
  };
}

/**
 * get_report_settings. Steps: 1. load the readable client; 2. read the caller's settings for
 * it (defaults when none); 3. fill empty station and rep fields from the caller's defaults.
 * @returns `{ client_uid, settings, saved, updated_at }`.
 * @throws NotFound('Client') when unknown or not readable; ValidationError for a malformed id.
 */
export async function getReportSettings(
  deps: ReportSettingsDeps,
  caller: Caller,
  input: { client_uid: string },
): Promise<ReportSettingsResult> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  return result(deps, caller, client.client_uid);
}

/**
 * update_report_settings. Steps: 1. load the client the caller may edit; 2. store the whole
 * (already validated) document with updated_at now; 3. answer what a reload would show.
 * @throws NotFound('Client'); Forbidden for demo clients and callers without `edit`.
 */
export async function updateReportSettings(
  deps: ReportSettingsDeps,
  caller: Caller,
  input: { client_uid: string; settings: ReportSettingsDoc },
): Promise<ReportSettingsResult> {
  const client = await writableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  await deps.settings.putSettings(caller.userId, client.client_uid, {
    settings: input.settings,
    updated_at: deps.clock.now().toISOString(),
  });
  return result(deps, caller, client.client_uid);
}

/**
 * reset_settings (spec §7). Steps: 1. load the client the caller may edit; 2. delete the
 * caller's settings for it; 3. answer the defaults (with the caller's station and rep defaults).
 * @throws NotFound('Client'); Forbidden for demo clients and callers without `edit`.
 */
export async function resetReportSettings(
  deps: ReportSettingsDeps,
  caller: Caller,
  input: { client_uid: string },
): Promise<ReportSettingsResult> {
  const client = await writableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  await deps.settings.deleteSettings(caller.userId, client.client_uid);
  return result(deps, caller, client.client_uid);
}

/**
 * update_default_report_settings (spec §7 "client-specific names and comments blanked"): only
 * the station and rep fields become the caller's defaults, so a client name, cover or executive
 * summary never leaks into other clients. They fill settings only where empty (spec §4).
 * @returns the stored defaults.
 * @throws NotFound('Profile') when the caller has no profile yet (get_session creates it).
 */
export async function updateDefaultReportSettings(
  deps: Pick<ReportSettingsDeps, 'users'>,
  caller: Caller,
  input: ReportDefaults,
): Promise<ReportDefaults> {
  const defaults = { station: { ...input.station }, rep: { ...input.rep } };
  await deps.users.putDefaults(caller.userId, defaults);
  return defaults;
}
