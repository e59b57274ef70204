import { removeShareSchema } from '#shared/contracts/account.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildOrganizationDeps, once } from '../adapters/sharing-deps';
import type { OrganizationDeps } from '../core/organizations';
import { provenCaller } from '../core/proven-caller';
import { removeShare } from '../core/shares';

/**
 * POST /ss_rest/remove_share (spec §6 "Shares can be removed or restored"): `{ share_uid,
 * action: remove | restore }` -> `{ shares }`. 404 for a share out of reach; 403 when its
 * recipient tries to restore it.
 */
export function makeHandler(deps: () => Pick<OrganizationDeps, 'accounts' | 'companies' | 'now'>) {
  return userRoute(removeShareSchema, async (input, { caller }) =>
    removeShare(deps(), await provenCaller(deps().accounts, caller), input),
  );
}

export const handler = makeHandler(once(() => buildOrganizationDeps()));
