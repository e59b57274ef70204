import {
  STATION_LOGO_TOO_LARGE,
  STATION_LOGO_UPLOAD_MAX_BYTES,
  type UpdateStationInfoResult,
  updateStationInfoResultSchema,
} from '#shared/contracts/station-info.schema';
import { ApiError, callRoute } from './client';

/** A file as a data: URL (what update_station_info takes). */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * update_station_info with a logo file (spec §7): the server checks it is an image by content and
 * keeps it resized into the cover's 200 x 75 px box as PNG; '' removes the logo. Files over 2 MB
 * are refused here without sending them (the server checks again).
 * @returns the caller's stored station fields (the logo as a PNG data: URL).
 * @throws ApiError (field `station_logo`) when the file is too large or not an image.
 */
export async function saveStationLogo(file: File | null): Promise<UpdateStationInfoResult> {
  if (file && file.size > STATION_LOGO_UPLOAD_MAX_BYTES)
    throw new ApiError(STATION_LOGO_TOO_LARGE, 'invalid_input', 400, 'station_logo');
  const station_logo = file ? await readAsDataUrl(file) : '';
  const result = await callRoute<unknown>('update_station_info', { station_logo });
  return updateStationInfoResultSchema.parse(result);
}
