import { updateStationInfoInputSchema } from '#shared/contracts/station-info.schema';

/** update_station_info input (layers/shared/contracts/station-info.schema.ts). */
export const updateStationInfoSchema = updateStationInfoInputSchema;
