import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { profileDirectoryFromEnv } from '../adapters/report-session-deps';
import { SharpLogoImages } from '../adapters/sharp-logo-images';
import { type StationInfoDeps, updateStationInfo } from '../core/station-info';
import { updateStationInfoSchema } from './update-station-info.schema';

/**
 * POST /ss_rest/update_station_info `{ name?, address?, locale?, phone?, url?, station_logo? }`
 * -> `{ station }` (spec §7): the caller's station fields, with the logo checked as an image by
 * content and resized into the cover's 200 x 75 px box as PNG. 400 naming the field.
 */
export function makeHandler(deps: () => StationInfoDeps) {
  return userRoute(updateStationInfoSchema, (input, { caller }) =>
    updateStationInfo(deps(), caller, input),
  );
}

// Composition root: the profiles (COMPANIES_TABLE) and sharp, built on the first request.
export const handler = makeHandler(
  lazy(() => ({ users: profileDirectoryFromEnv(), logos: new SharpLogoImages() })),
);
