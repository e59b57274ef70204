import { organizationSchema } from '#shared/contracts/account.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildOrganizationDeps, once } from '../adapters/sharing-deps';
import { type OrganizationDeps, updateOrganization } from '../core/organizations';

/**
 * POST /ss_rest/update_organization (spec §5 "Organization", §7): creates an organisation (or a
 * sub-organisation with parent_uid) or renames one; `{ organizations, shares }`. 400 with the
 * spec's messages for a missing name or e-mail; 404 / 403 for organisations out of reach.
 */
export function makeHandler(deps: () => OrganizationDeps) {
  return userRoute(organizationSchema, (input, { caller }) =>
    updateOrganization(deps(), caller, input),
  );
}

export const handler = makeHandler(once(() => buildOrganizationDeps()));
