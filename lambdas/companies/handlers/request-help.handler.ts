import { requestHelpInputSchema } from '#shared/contracts/company-client.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildHelpDeps } from '../adapters/client-deps';
import { requestHelp } from '../core/request-help';

type Deps = Parameters<typeof requestHelp>[0];

/**
 * POST /ss_rest/request_help (spec §7): `{ client_uid?, topic, message }` -> `{ sent: true }`;
 * mails the team inbox with the client attached and the caller's e-mail as reply-to. 404 for a
 * client the caller cannot see; 429 past 5 requests per user per hour.
 */
export function makeHandler(deps: () => Deps) {
  return userRoute(requestHelpInputSchema, (input, { caller }) =>
    requestHelp(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: Deps | undefined;
export const handler = makeHandler(() => {
  deps ??= buildHelpDeps();
  return deps;
});
