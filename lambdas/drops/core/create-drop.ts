import type { Caller } from '#shared/auth/caller';
import {
  type CreateDropInput,
  type CreateDropResult,
  DROP_MESSAGES,
} from '#shared/contracts/drops.schema';
import { Conflict, ValidationError } from '#shared/errors';
import { droppableClient, requireOrgManager } from './drop-access';
import { dropUsername, dropView, sshKeyFingerprint } from './drop-view';
import type { DropRecord, DropsDeps } from './ports';

/**
 * Makes a post-log drop (create_drop): for one client, every row of its files goes to that
 * client; for an organisation, the advertiser column names each row's client, created when
 * first seen, as a browser upload without a client does.
 * Steps: 1. refuse when drops are off here; 2. check the caller manages the organisation (of the
 * client); 3. SFTP needs the uploader's SSH public key; 4. store the drop and claim its scope in
 * one transaction (one active drop per client, or per organisation); 5. open its channel and
 * return the connection details, shown once.
 * @throws Conflict when drops are off or the scope already has an active drop; NotFound for a
 *   client or organisation the caller cannot see; Forbidden when they do not manage it;
 *   ValidationError naming `ssh_public_key` when SFTP has no key.
 */
export async function createDrop(
  deps: DropsDeps,
  caller: Caller,
  input: CreateDropInput,
): Promise<CreateDropResult> {
  const mode = deps.channel.mode;
  if (mode === 'off') throw new Conflict(DROP_MESSAGES.off);
  const client = input.client_uid
    ? await droppableClient(deps.companies, caller, input.client_uid)
    : null;
  const orgUid = client?.org_uid ?? input.organization_uid ?? '';
  if (!client) await requireOrgManager(deps.companies, caller, orgUid);
  const key = mode === 'sftp' ? input.ssh_public_key : undefined;
  if (mode === 'sftp' && !key)
    throw new ValidationError(DROP_MESSAGES.sshKeyNeeded, 'ssh_public_key');
  const dropId = deps.newId();
  const drop: DropRecord = {
    drop_id: dropId,
    org_uid: orgUid,
    client_uid: client?.client_uid ?? null,
    client_name: client?.name ?? null,
    label: input.label,
    mode,
    username: mode === 'sftp' ? dropUsername(dropId) : '',
    ssh_public_key: key ?? null,
    key_fingerprint: key ? sshKeyFingerprint(key) : null,
    created_by: caller.userId,
    created_by_email: caller.email ?? '',
    created_at: deps.now().toISOString(),
    revoked_at: null,
    revoked_by: null,
    last_used_at: null,
    last_result: null,
  };
  if (!(await deps.drops.create(drop))) throw new Conflict(DROP_MESSAGES.taken);
  return { drop: dropView(drop), connection: await deps.channel.open(drop) };
}
