import { noInput, publicRoute } from '#shared/http/route-handler';
import { stationFormatOptions } from '../core/options';

/** POST /ss_rest/nowl_station_formats (public, empty payload): the normalised station formats. */
export const handler = publicRoute(noInput, async () => stationFormatOptions());
