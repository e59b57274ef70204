import { noInput, userRoute } from '#shared/http/route-handler';
import { orgOptionDeps } from '../adapters/org-family-deps';
import { stationGroupOptionsFor } from '../core/station-groups';

/**
 * GET /ss_rest/station_group_options (spec §7 "Reports and generation"): the station groups,
 * stations (with their months), organisations and advertisers the organisation families can be
 * asked about, from the clients the caller may see only.
 */
export function makeHandler(deps: () => Parameters<typeof stationGroupOptionsFor>[0]) {
  return userRoute(noInput, (_input, { caller }) => stationGroupOptionsFor(deps(), caller));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(orgOptionDeps);
