import type { Caller } from '#shared/auth/caller';
import type { ListDropsResult } from '#shared/contracts/drops.schema';
import { requireOrgManager } from './drop-access';
import { dropView } from './drop-view';
import type { DropsDeps } from './ports';

/**
 * Lists an organisation's drops (list_drops), active and revoked, newest first, each with its
 * last use and last file result, plus the organisation's clients (the create form's choices)
 * and how drops reach this deployment.
 * @throws NotFound when the caller is not in the organisation; Forbidden for a plain member.
 */
export async function listDrops(
  deps: DropsDeps,
  caller: Caller,
  input: { organization_uid: string },
): Promise<ListDropsResult> {
  await requireOrgManager(deps.companies, caller, input.organization_uid);
  const [drops, clients] = await Promise.all([
    deps.drops.listOfOrg(input.organization_uid),
    deps.companies.listClientsOfOrg(input.organization_uid),
  ]);
  return {
    mode: deps.channel.mode,
    drops: drops.map(dropView),
    clients: clients
      .filter((c) => !c.demo)
      .map((c) => ({ client_uid: c.client_uid, name: c.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
