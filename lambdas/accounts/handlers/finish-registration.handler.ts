import { finishRegistrationSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { finishRegistration } from '../core/finish-registration';

/** POST finish_registration (spec §7: code, email, new_password, confirm_password). */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(finishRegistrationSchema, (input) => {
    const { deps, companies } = runtime();
    return finishRegistration(deps, companies, input);
  });
}

export const handler = makeHandler(accountsRuntime);
