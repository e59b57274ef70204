import { noInput, userRoute } from '#shared/http/route-handler';
import { buildOrganizationDeps, once } from '../adapters/sharing-deps';
import { listOrganizations, type OrganizationDeps } from '../core/organizations';

/**
 * POST /ss_rest/my_organizations (spec §7): `{ organizations }`, the caller's top-level
 * organisations with role and client count (spec §3 "top-level list hides sub-orgs").
 */
export function makeHandler(deps: () => Pick<OrganizationDeps, 'accounts' | 'companies'>) {
  return userRoute(noInput, async (_input, { caller }) => {
    const { accounts, companies } = deps();
    return {
      organizations: await listOrganizations(accounts, companies, caller.userId, {
        topLevelOnly: true,
      }),
    };
  });
}

export const handler = makeHandler(once(() => buildOrganizationDeps()));
