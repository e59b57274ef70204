import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  clientWithPerms,
  loadAccess,
  newClientRecord,
} from '#shared/companies/companies';
import type { ClientInfo } from '#shared/contracts/company-client.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { isKnownMarket } from '#shared/reference/known-ids';
import { clientInfoOf, displayName, type ScheduleLister } from './client-info';
import type { CalculatorReader, ClientDeps } from './client-ports';

/** company_save input after the contract's schema (companySaveInputSchema). */
export interface CompanySaveInput {
  client_uid?: string;
  org_uid?: string;
  name: string;
  website?: string;
  industry_id?: string | null;
  market?: string | null;
  postlog_timezone?: string;
  attribution_method?: 'sessions' | 'pageviews' | 'newuserbaseline';
  tags?: string[];
  rep_uids?: string[];
}

/** The message of a name another client of the organisation already has. */
export const nameTakenMessage = (name: string) => `A client named ${name} already exists.`;

/**
 * The organisation a new client goes to: `orgUid` when the caller may edit clients there (a
 * member of it or of its parent; staff anywhere), else the caller's first organisation.
 * @throws NotFound('Organization') for an organisation out of reach (same answer as an unknown
 *   one); Forbidden when the caller belongs to none.
 */
async function targetOrg(
  deps: Pick<ClientDeps, 'companies'>,
  caller: Caller,
  orgUid: string | undefined,
): Promise<string> {
  const access = await loadAccess(deps.companies, caller, orgUid ? [orgUid] : []);
  if (orgUid) {
    const parent = access.orgParents.get(orgUid);
    const reachable =
      caller.staff || access.orgRoles.has(orgUid) || (parent && access.orgRoles.has(parent));
    if (!reachable) throw new NotFound('Organization');
    return orgUid;
  }
  const first = [...access.orgRoles.keys()][0];
  if (!first) throw new Forbidden('Your account does not belong to an organisation yet.');
  return first;
}

/**
 * Checks the reps: each must be a member of the client's organisation.
 * @returns their display names, same order.
 * @throws ValidationError on `rep_uids` naming the first that is not.
 */
async function repNames(
  deps: Pick<ClientDeps, 'companies' | 'accounts'>,
  orgUid: string,
  repUids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(repUids)];
  const names: string[] = [];
  for (const uid of unique) {
    const member = (await deps.companies.rolesOfUser(uid)).has(orgUid);
    if (!member) {
      throw new ValidationError(
        'Each rep must be a member of the client’s organization.',
        'rep_uids',
      );
    }
    names.push(await displayName(deps.accounts, uid));
  }
  return names;
}

/** The editable fields of the input, as ClientRecord fields (absent input = unchanged). */
function editedFields(input: CompanySaveInput): Partial<ClientRecord> {
  return {
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(input.industry_id !== undefined ? { industry_id: input.industry_id } : {}),
    ...(input.market !== undefined ? { market: input.market } : {}),
    ...(input.postlog_timezone !== undefined ? { postlog_timezone: input.postlog_timezone } : {}),
    ...(input.attribution_method !== undefined
      ? { attribution_method: input.attribution_method }
      : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
  };
}

/**
 * company_save (spec §7; §3 "Company"): creates a client, or edits one.
 * Create (no client_uid): 1. pick the organisation (targetOrg); 2. check the reps; 3. claim the
 * name with CompaniesRepository.ensureAdvertiser (the same claim a post-log import reads, so an
 * import of that advertiser name later lands on this client; race-safe: one conditional write).
 * Edit (client_uid; perm edit): 1. load the client (404 unseen, 403 without edit); 2. check the
 * reps; 3. a new name moves the claim in one transaction (refused when another client holds it);
 * 4. patch the fields. Names compare case-insensitively and trimmed.
 * @returns the saved client's client_info and whether it was created.
 * @throws ValidationError on `name` ('A client named X already exists.'), `market` (not one of
 *   the 210 DMAs) or `rep_uids`;
 *   NotFound / Forbidden as above.
 */
export async function companySave(
  deps: ClientDeps & { calculators: CalculatorReader; schedules?: ScheduleLister },
  caller: Caller,
  input: CompanySaveInput,
): Promise<{ client_info: ClientInfo; created: boolean }> {
  const name = input.name.trim();
  if (input.market && !isKnownMarket(input.market))
    throw new ValidationError('Pick a market from the list.', 'market');
  if (!input.client_uid) {
    const orgUid = await targetOrg(deps, caller, input.org_uid);
    const reps = await repNames(deps, orgUid, input.rep_uids ?? []);
    const fresh = newClientRecord(
      {
        client_uid: deps.newId(),
        org_uid: orgUid,
        name,
        ...editedFields(input),
        ...(input.rep_uids ? { rep_uids: [...new Set(input.rep_uids)], rep_names: reps } : {}),
      },
      deps.now(),
    );
    const { client, created } = await deps.companies.ensureAdvertiser(orgUid, name, () => fresh);
    if (!created) throw new ValidationError(nameTakenMessage(client.name), 'name');
    const { perms } = await clientWithPerms(deps.companies, caller, client.client_uid, 'view');
    return { client_info: await clientInfoOf(deps, caller, client, perms), created: true };
  }

  const { client, perms } = await clientWithPerms(deps.companies, caller, input.client_uid, 'edit');
  const patch: Partial<ClientRecord> = editedFields(input);
  if (input.rep_uids) {
    patch.rep_uids = [...new Set(input.rep_uids)];
    patch.rep_names = await repNames(deps, client.org_uid, input.rep_uids);
  }
  if (name !== client.name) {
    if (name.toLowerCase() !== client.name.trim().toLowerCase()) {
      const moved = await deps.names.rename(client.org_uid, client.client_uid, client.name, name);
      if (!moved) throw new ValidationError(nameTakenMessage(name), 'name');
    }
    patch.name = name;
  }
  await deps.companies.updateClient(client.client_uid, patch);
  const saved = { ...client, ...patch };
  return { client_info: await clientInfoOf(deps, caller, saved, perms), created: false };
}
