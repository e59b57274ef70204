import { changePasswordSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { changePassword } from '../core/change-password';

/** POST change_password (spec §7): sets the new password from a reset link and signs in. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(changePasswordSchema, (input) => changePassword(runtime().deps, input));
}

export const handler = makeHandler(accountsRuntime);
