import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import type { InviteDeps } from '../core/invite-member';
import type { MembersDeps } from '../core/members';
import type { OrganizationDeps } from '../core/organizations';
import type { Mailer } from '../core/ports';
import type { SharingDeps } from '../core/shares';
import { buildAccountsRuntime, buildMailer } from './accounts-deps';

/**
 * Composition root of the organisation and share routes (my_organizations,
 * update_organization, my_shares, update_share, remove_share). Both repositories read the one
 * CompaniesTable (COMPANIES_TABLE, parsed when first built: throws naming it).
 */
export function buildOrganizationDeps(env: NodeJS.ProcessEnv = process.env): OrganizationDeps {
  const table = readEnv(z.object({ [ENV.companiesTable]: envString }), env)[ENV.companiesTable];
  const db = ddbDocClient();
  return {
    accounts: new DynamoAccounts(db, table),
    companies: new DynamoCompanies(db, table),
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/**
 * What update_share needs besides: the accounts mailer (SES, or the local outbox) and APP_ORIGIN (required: links in e-mails must
 * be absolute). @throws Error naming a missing variable.
 */
export function buildSharingDeps(
  env: NodeJS.ProcessEnv = process.env,
  mailer: Mailer = buildMailer(env),
): SharingDeps {
  const appOrigin = readEnv(z.object({ [ENV.appOrigin]: envString }), env)[ENV.appOrigin];
  const { deps } = buildAccountsRuntime(env);
  return {
    ...buildOrganizationDeps(env),
    mailer,
    appOrigin: appOrigin.replace(/\/+$/, ''),
    codes: deps.codes,
    randomCode: deps.randomCode,
  };
}

/**
 * Composition root of organization_members and remove_member: the organisation repositories
 * and the subscription copies (seat cap), all in the CompaniesTable.
 */
export function buildMembersDeps(env: NodeJS.ProcessEnv = process.env): MembersDeps {
  const table = readEnv(z.object({ [ENV.companiesTable]: envString }), env)[ENV.companiesTable];
  const { accounts, companies, now } = buildOrganizationDeps(env);
  return {
    accounts,
    companies,
    now,
    subscriptions: new DynamoSubscriptionReader(ddbDocClient(), table),
  };
}

/** What invite_member needs besides: the accounts mailer and APP_ORIGIN (required). */
export function buildInviteDeps(
  env: NodeJS.ProcessEnv = process.env,
  mailer: Mailer = buildMailer(env),
): InviteDeps {
  const appOrigin = readEnv(z.object({ [ENV.appOrigin]: envString }), env)[ENV.appOrigin];
  return { ...buildMembersDeps(env), mailer, appOrigin: appOrigin.replace(/\/+$/, '') };
}

/** Builds a deps object on first use and keeps it for the container's life. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
