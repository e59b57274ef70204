import { noInput, userRoute } from '#shared/http/route-handler';
import { buildOrganizationDeps, once } from '../adapters/sharing-deps';
import type { OrganizationDeps } from '../core/organizations';
import { provenCaller } from '../core/proven-caller';
import { listShares } from '../core/shares';

/**
 * POST /ss_rest/my_shares (spec §7): `{ shares: { shared_to_me, shared_to_others } }`;
 * shared_to_me only for a verified e-mail; removed shares included with their status.
 */
export function makeHandler(deps: () => Pick<OrganizationDeps, 'accounts'>) {
  return userRoute(noInput, async (_input, { caller }) => ({
    shares: await listShares(deps().accounts, await provenCaller(deps().accounts, caller)),
  }));
}

export const handler = makeHandler(once(() => buildOrganizationDeps()));
