import type { UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import type { UserSession } from '#shared/contracts/account-results.schema';
import { ensureProfile, getSession, type SessionDeps } from './get-session';
import { checkStationChoice } from './station-choice';

/** update_profile input after updateProfileSchema: any subset of the editable fields. */
export type ProfilePatch = Partial<
  Pick<
    UserProfile,
    | 'first_name'
    | 'last_name'
    | 'phone'
    | 'user_type'
    | 'industry_id'
    | 'markets'
    | 'primary_broadcast_type'
    | 'default_station_id'
    | 'company'
    | 'url'
    | 'default_report_tab'
  >
>;

/**
 * update_profile (spec §7 POST update_profile): patches the caller's own profile with the
 * fields given (absent fields unchanged; the e-mail, verification and registration flags are not
 * editable here). Markets and the primary station must come from the lists
 * (checkStationChoice); the chosen station's details are kept as `default_station_info`.
 * @throws ValidationError on `markets` / `default_station_id` not from the lists.
 * @returns the new session (getSession), so missing_info reflects the change.
 */
export async function updateProfile(
  deps: SessionDeps,
  caller: Caller,
  patch: ProfilePatch,
): Promise<UserSession> {
  const stationInfo = await checkStationChoice(deps.stations, patch);
  await ensureProfile(deps, caller);
  const fields = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as ProfilePatch;
  await deps.accounts.updateProfile(caller.userId, {
    ...fields,
    ...(stationInfo !== undefined ? { default_station_info: stationInfo } : {}),
    updated_at: deps.now().toISOString(),
  });
  return getSession(deps, caller);
}
