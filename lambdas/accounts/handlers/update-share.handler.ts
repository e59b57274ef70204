import { shareSchema } from '#shared/contracts/account.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildSharingDeps, once } from '../adapters/sharing-deps';
import { provenCaller } from '../core/proven-caller';
import { type SharingDeps, updateShare } from '../core/shares';

/**
 * POST /ss_rest/update_share: shares a client with an e-mail address (the recipient is mailed)
 * or changes a share's perms; `{ shares }`. 404 for a client or share out of reach, 403 without
 * the `share` permission (logged as a warning).
 */
export function makeHandler(deps: () => SharingDeps) {
  return userRoute(shareSchema, async (input, { caller }) =>
    updateShare(deps(), await provenCaller(deps().accounts, caller), input),
  );
}

export const handler = makeHandler(once(() => buildSharingDeps()));
