import type { Caller } from '#shared/auth/caller';
import {
  isStoredLogo,
  type ReportDefaults,
  reportDefaultsSchema,
} from '#shared/contracts/report-session.schema';
import {
  STATION_LOGO_NOT_IMAGE,
  STATION_LOGO_TOO_LARGE,
  STATION_LOGO_UPLOAD_MAX_BYTES,
  type UpdateStationInfoInput,
  type UpdateStationInfoResult,
} from '#shared/contracts/station-info.schema';
import { ValidationError } from '#shared/errors';
import type { UserDirectory } from './report-session-ports';

/**
 * Turns an uploaded logo file into the stored cover logo: decodes it (by content, never by its
 * name or declared type), and answers a PNG that fits the cover's 200 x 75 px box (spec §9),
 * never enlarged; null when the bytes are not an accepted image (STATION_LOGO_KINDS).
 */
export interface LogoImages {
  toCoverPng(bytes: Uint8Array): Promise<Uint8Array | null>;
}

/** Dependencies of {@link updateStationInfo}. */
export interface StationInfoDeps {
  users: Pick<UserDirectory, 'getDefaults' | 'putDefaults'>;
  logos: LogoImages;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The bytes of a base64 file or data: URL; null when it is not base64. */
function fileBytes(text: string): Buffer | null {
  const body = text.replace(/^data:[\w.+/-]*(;[\w=.-]+)*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(body)) return null;
  return Buffer.from(body, 'base64');
}

/**
 * update_station_info (spec §7; §3 Settings station fields). Steps: 1. when `station_logo` is
 * a file: decode it (400 STATION_LOGO_TOO_LARGE past 2 MB, 400 STATION_LOGO_NOT_IMAGE when it
 * is not a PNG, JPEG, GIF or WebP image by content), resize it into 200 x 75 px and keep it as a
 * PNG data: URL; '' removes the logo; 2. merge the given fields over the caller's stored station
 * defaults (fields left out keep their values; the rep defaults are untouched); 3. store. Every
 * check runs before anything is stored, so a refused logo stores nothing. The station defaults
 * fill every client's empty station fields (get_report_settings), so the printed cover shows the
 * logo wherever the client has no logo of its own.
 * @returns the caller's stored station fields.
 * @throws ValidationError naming `station_logo`; NotFound('Profile') when the caller has no profile.
 */
export async function updateStationInfo(
  deps: StationInfoDeps,
  caller: Caller,
  input: UpdateStationInfoInput,
): Promise<UpdateStationInfoResult> {
  let logo: string | undefined;
  if (input.station_logo !== undefined && input.station_logo.trim() !== '') {
    const bytes = fileBytes(input.station_logo.trim());
    if (!bytes || bytes.length === 0)
      throw new ValidationError(STATION_LOGO_NOT_IMAGE, 'station_logo');
    if (bytes.length > STATION_LOGO_UPLOAD_MAX_BYTES)
      throw new ValidationError(STATION_LOGO_TOO_LARGE, 'station_logo');
    const png = await deps.logos.toCoverPng(bytes);
    if (!png) throw new ValidationError(STATION_LOGO_NOT_IMAGE, 'station_logo');
    logo = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    if (!isStoredLogo(logo))
      throw new ValidationError(
        'Station logo (station_logo) has too much detail to keep; try a simpler image.',
        'station_logo',
      );
  } else if (input.station_logo !== undefined) {
    logo = '';
  }
  const current: ReportDefaults =
    (await deps.users.getDefaults(caller.userId)) ?? reportDefaultsSchema.parse({});
  const station = {
    ...current.station,
    ...input.station,
    ...(logo !== undefined ? { station_logo: logo } : {}),
  };
  await deps.users.putDefaults(caller.userId, { station, rep: current.rep });
  return { station };
}
