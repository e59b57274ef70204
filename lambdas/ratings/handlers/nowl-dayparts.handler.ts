import { noInput, publicRoute } from '#shared/http/route-handler';
import { daypartOptions } from '../core/options';

/** POST /ss_rest/nowl_dayparts (public, empty payload): 'all' and the engine's dayparts. */
export const handler = publicRoute(noInput, async () => daypartOptions());
