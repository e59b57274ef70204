import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AccountsRepository, Organization } from '#shared/accounts/accounts';
import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import type { Caller } from '#shared/auth/caller';
import type { ClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { MemoryVerificationCodes } from '../../../lambdas/accounts/adapters/memory-verification-codes';
import type { MailMessage } from '../../../lambdas/accounts/core/ports';
import { newProfile } from '../../../lambdas/accounts/core/profile';
import { type ProvenCaller, provenCaller } from '../../../lambdas/accounts/core/proven-caller';
import type { SharingDeps } from '../../../lambdas/accounts/core/shares';
import { client } from '../reports/fakes';
import { httpEvent } from '../reports/handlers/events';

/** A signed-in caller `<id>@example.com` with a verified e-mail unless told otherwise. */
export function user(id: string, over: Partial<Caller> = {}): Caller {
  return {
    userId: id,
    email: `${id}@example.com`,
    emailVerified: true,
    staff: false,
    agent: false,
    ...over,
  };
}

/**
 * The caller as the share routes see them (provenCaller): `emailVerified` only when the stored
 * profile proved the token's address.
 */
export function proven(
  w: { accounts: Pick<AccountsRepository, 'getProfile'> },
  caller: Caller,
): Promise<ProvenCaller> {
  return provenCaller(w.accounts, caller);
}

/**
 * Gives each id a registered profile whose address `<id>@example.com` is verified, as after a
 * real sign-up: shares reach a caller only through a profile that proved the mailbox, never
 * through the token's email_verified claim alone.
 */
export async function verifiedProfiles(accounts: AccountsRepository, ...ids: string[]) {
  for (const id of ids)
    await accounts.createProfile(
      newProfile(
        { user_id: id, primary_email: `${id}@example.com`, email_verified: true },
        new Date('2024-01-01T00:00:00.000Z'),
      ),
    );
}

export function org(uid: string, over: Partial<Organization> = {}): Organization {
  return {
    org_uid: uid,
    name: uid,
    email: `${uid}@example.com`,
    parent_uid: null,
    created_by: 'seed',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

/**
 * Two customers in memory adapters that share one "table": org-a (owner alice, member amy;
 * client-a "Acme Mattress", with `clientA`'s fields) and org-b (owner bob; client-b "Bolt
 * Tires"), plus the demo client demo-1 of org-demo.
 */
export async function twoCustomers(clientA: Partial<ClientRecord> = {}) {
  const accounts = new MemoryAccounts();
  const companies = new MemoryCompanies(accounts);
  await accounts.putOrganization(org('org-a', { name: 'Acme Group' }));
  await accounts.putOrganization(org('org-b', { name: 'Bolt Media' }));
  await companies.addMembership('alice', 'org-a', 'owner');
  await companies.addMembership('amy', 'org-a', 'member');
  await companies.addMembership('bob', 'org-b', 'owner');
  await companies.putClient(client(clientA));
  await companies.putClient(
    client({ client_uid: 'client-b', org_uid: 'org-b', name: 'Bolt Tires' }),
  );
  await companies.putClient(
    client({ client_uid: 'demo-1', org_uid: 'org-demo', name: 'Demo Furniture', demo: true }),
  );
  return { accounts, companies };
}

/**
 * {@link twoCustomers} with the sharing routes' deps: mails are kept in `sent`; ids count id-1,
 * id-2, ...
 */
export async function world() {
  const { accounts, companies } = await twoCustomers();
  const sent: MailMessage[] = [];
  const codes = new MemoryVerificationCodes(() => new Date('2024-04-01T12:00:00.000Z'));
  let n = 0;
  const deps: SharingDeps = {
    accounts,
    companies,
    mailer: { send: async (m) => void sent.push(m) },
    appOrigin: 'https://app.example.com',
    now: () => new Date('2024-04-01T12:00:00.000Z'),
    newId: () => `id-${++n}`,
    codes,
    randomCode: () => '246810',
  };
  return { accounts, companies, deps, sent, codes };
}

/** An account-route event signed in as `caller` (sub, email, email_verified claims). */
export function accountEvent(route: string, caller: Caller, body: unknown): APIGatewayProxyEventV2 {
  const event = httpEvent({ method: 'POST', path: `/ss_rest/${route}`, body });
  (event.requestContext as unknown as Record<string, unknown>).authorizer = {
    jwt: {
      claims: {
        sub: caller.userId,
        email: caller.email,
        email_verified: String(caller.emailVerified),
      },
      scopes: [],
    },
  };
  return event;
}
