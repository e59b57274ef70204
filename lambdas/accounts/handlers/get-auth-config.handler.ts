import { noInput, publicRoute } from '#shared/http/route-handler';
import { identitySettings } from '../adapters/accounts-deps';
import { authConfig, type IdentitySettings } from '../core/auth-config';

/** GET auth_config: the public sign-in settings (user pool, client, Google authorize URL). */
export function makeHandler(settings: () => IdentitySettings) {
  return publicRoute(noInput, async () => authConfig(settings()));
}

export const handler = makeHandler(() => identitySettings());
