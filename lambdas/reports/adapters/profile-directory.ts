import type { AccountsRepository } from '#shared/accounts/accounts';
import {
  type ReportDefaults,
  repFieldsSchema,
  stationFieldsSchema,
} from '#shared/contracts/report-session.schema';
import type { UserDirectory } from '../core/report-session-ports';

const STATION_KEYS = Object.keys(stationFieldsSchema.shape) as (keyof ReportDefaults['station'])[];
const REP_KEYS = Object.keys(repFieldsSchema.shape) as (keyof ReportDefaults['rep'])[];

/**
 * UserDirectory on the user's profile (CompaniesTable `USER#<id>` / `PROFILE`). Plans come from
 * billing (entitlement-plans.ts).
 * - Defaults live in the profile's `default_station_info` (spec §3 "User session"), a flat map
 *   of the station fields (station_logo, name, address, locale, phone, url) and the rep fields
 *   (rep_*), so get_session shows them too.
 */
export class ProfileDirectory implements UserDirectory {
  constructor(private readonly accounts: AccountsRepository) {}

  async displayName(userId: string, fallback: string): Promise<string> {
    const profile = await this.accounts.getProfile(userId);
    if (!profile) return fallback;
    return `${profile.first_name} ${profile.last_name}`.trim() || profile.primary_email || fallback;
  }

  async getDefaults(userId: string): Promise<ReportDefaults | null> {
    const info = (await this.accounts.getProfile(userId))?.default_station_info;
    if (!info) return null;
    const pick = <K extends string>(keys: K[]) =>
      Object.fromEntries(
        keys.map((k) => [k, typeof info[k] === 'string' ? info[k] : '']),
      ) as Record<K, string>;
    return { station: pick(STATION_KEYS), rep: pick(REP_KEYS) };
  }

  async putDefaults(userId: string, defaults: ReportDefaults): Promise<void> {
    await this.accounts.updateProfile(userId, {
      default_station_info: { ...defaults.station, ...defaults.rep },
      updated_at: new Date().toISOString(),
    });
  }
}
