import { noInput, publicRoute } from '#shared/http/route-handler';
import { routeTable } from '#shared/routes';

/**
 * GET /ss_rest/routes: the route-name table the browser resolves names from (spec §7 "Route
 * names are resolved from a server-provided table"): `{ <name>: { method, path } }`.
 */
export const handler = publicRoute(noInput, async () => routeTable());
