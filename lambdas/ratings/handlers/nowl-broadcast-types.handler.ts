import { noInput, publicRoute } from '#shared/http/route-handler';
import { broadcastTypeOptions } from '../core/options';

/** POST /ss_rest/nowl_broadcast_types (public, empty payload): all/0, tv/1, radio/2. */
export const handler = publicRoute(noInput, async () => broadcastTypeOptions());
