import type { z } from 'zod';
import type { CompaniesRepository } from '#shared/companies/companies';
import { newClientRecord } from '#shared/companies/companies';
import {
  clientNameOfHost,
  type PendingClient,
  type pendingClientSchema,
} from '#shared/contracts/landing-preview.schema';
import { ValidationError } from '#shared/errors';
import { isKnownIndustry, isKnownMarket } from '#shared/reference/known-ids';
import type { AccountsDeps } from './ports';
import { ensurePersonalOrg } from './profile';

/** Clients kept in a profile's recent_clients (AccountsRepository: at most 10). */
const RECENT_MAX = 10;

/**
 * The pending client of a registration from the landing preview, checked against the reference
 * lists (spec §2 "Landing page": the lookup's website, industry and market). Runs before the
 * registration changes anything, so a bad one refuses the whole registration.
 * @returns the pending client to store on the profile, or null when the registration has none.
 * @throws ValidationError on `pending_client.industry_id` / `pending_client.market` naming an
 *   industry or market that does not exist.
 */
export function checkedPendingClient(
  input: z.output<typeof pendingClientSchema> | undefined,
): PendingClient | null {
  if (!input) return null;
  if (input.industry_id && !isKnownIndustry(input.industry_id))
    throw new ValidationError('Pick an industry from the list.', 'pending_client.industry_id');
  if (input.market && !isKnownMarket(input.market))
    throw new ValidationError('Pick a market from the list.', 'pending_client.market');
  return {
    website: input.website,
    industry_id: input.industry_id ?? null,
    market: input.market ?? null,
  };
}

/**
 * The organisation a pending client goes to: one the user owns (their personal one, made by
 * registration), else one they administer, else their first; a user in none gets a personal one.
 */
async function homeOrg(
  deps: Pick<AccountsDeps, 'accounts' | 'now' | 'newId'>,
  companies: CompaniesRepository,
  userId: string,
): Promise<string | null> {
  const roles = await companies.rolesOfUser(userId);
  const ranked = [...roles].sort(
    ([, a], [, b]) =>
      ['owner', 'admin', 'member'].indexOf(a) - ['owner', 'admin', 'member'].indexOf(b),
  );
  if (ranked[0]) return ranked[0][0];
  const profile = await deps.accounts.getProfile(userId);
  return profile ? ensurePersonalOrg(deps, companies, profile) : null;
}

/**
 * Creates the client a verified account's registration asked for (the landing preview's
 * sign-up), once. Called when the e-mail is proven (verify_email, finish_registration).
 *
 * Steps: 1. read the profile of `userId`: nothing to do without a pending client or before the
 * e-mail is verified. 2. pick the user's own organisation. 3. claim the advertiser name (the
 * website's host without `www.`) with CompaniesRepository.ensureAdvertiser: one conditional
 * write, so a repeat or a race finds the client made first instead of making another. 4. clear
 * the pending client and put the client first in recent_clients (the session opens it).
 * The pending client lives on this user's profile only, so no other account can have it made.
 * @returns the client's uid, or null when nothing was pending.
 */
export async function createPendingClient(
  deps: Pick<AccountsDeps, 'accounts' | 'now' | 'newId'>,
  companies: CompaniesRepository,
  userId: string,
): Promise<string | null> {
  const profile = await deps.accounts.getProfile(userId);
  const pending = profile?.pending_client;
  if (!profile || !pending || !profile.email_verified) return null;
  const orgUid = await homeOrg(deps, companies, userId);
  if (!orgUid) return null;

  const name = clientNameOfHost(pending.website);
  const { client } = await companies.ensureAdvertiser(orgUid, name, () =>
    newClientRecord(
      {
        client_uid: deps.newId(),
        org_uid: orgUid,
        name,
        website: pending.website,
        industry_id: pending.industry_id,
        market: pending.market,
      },
      deps.now(),
    ),
  );
  const recent = [
    client.client_uid,
    ...profile.recent_clients.filter((c) => c !== client.client_uid),
  ];
  await deps.accounts.updateProfile(userId, {
    pending_client: null,
    recent_clients: recent.slice(0, RECENT_MAX),
    updated_at: deps.now().toISOString(),
  });
  return client.client_uid;
}
