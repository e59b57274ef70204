import type { Caller } from '#shared/auth/caller';
import type { DropView } from '#shared/contracts/drops.schema';
import { NotFound } from '#shared/errors';
import { requireOrgManager } from './drop-access';
import { dropView } from './drop-view';
import type { DropsDeps } from './ports';

/**
 * Revokes a drop (revoke_drop): its SFTP user can no longer log in (the identity provider reads
 * the drop) and files still arriving under its prefix are not imported (the result file says
 * so). Revoking a revoked drop changes nothing and answers the same.
 * Steps: 1. load the drop; 2. check the caller manages its organisation; 3. mark it revoked and
 * free its scope in one transaction.
 * @throws NotFound for an unknown drop or one of an organisation the caller is not in (same
 *   answer); Forbidden for a plain member.
 */
export async function revokeDrop(
  deps: DropsDeps,
  caller: Caller,
  input: { drop_id: string },
): Promise<{ drop: DropView }> {
  const drop = await deps.drops.get(input.drop_id);
  if (!drop) throw new NotFound('Drop');
  await requireOrgManager(deps.companies, caller, drop.org_uid, 'Drop');
  if (drop.revoked_at) return { drop: dropView(drop) };
  const at = deps.now().toISOString();
  await deps.drops.revoke(drop, at, caller.userId);
  const saved = await deps.drops.get(drop.drop_id);
  return { drop: dropView(saved ?? { ...drop, revoked_at: at, revoked_by: caller.userId }) };
}
