import { randomBytes } from 'node:crypto';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { ENV } from '#shared/workers';
import { newProfile } from '../../../lambdas/accounts/core/profile';
import type { LocalCognito } from '../../../lib/local/cognito';
import { createPoolUser, localIdToken, localPoolClient } from '../../../lib/local/local-logins';

/** A user made for a test: their address, password, Cognito `sub` and an ID token. */
export interface TestUser {
  email: string;
  password: string;
  userId: string;
  token: string;
}

/**
 * Creates a customer account on the running local stack the way the product has it after
 * registration and verification: a Cognito user with a verified e-mail and a permanent password
 * (admin calls to the stand-in, no mail round trip), a registered profile and, when `orgUid` is
 * given, that organisation with the user as its owner. Reads the pool and table names from the
 * stack's environment (process.env).
 */
export async function createCustomer(
  email: string,
  orgUid: string | null,
  now = new Date(),
): Promise<TestUser> {
  const env = process.env;
  const cognito = {
    endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? '',
    userPoolId: env[ENV.userPoolId] ?? '',
    clientId: env[ENV.userPoolClientId] ?? '',
  };
  const password = `${randomBytes(9).toString('base64url')}7a!9Q`;
  const cl = localPoolClient(cognito.endpoint);
  let userId = '';
  try {
    userId = await createPoolUser(cl, cognito.userPoolId, { email, password });
  } finally {
    cl.destroy();
  }
  const table = env[ENV.companiesTable] ?? '';
  const accounts = new DynamoAccounts(ddbDocClient(), table);
  await accounts.createProfile(
    newProfile(
      {
        user_id: userId,
        primary_email: email,
        first_name: email.split('@')[0] ?? 'Test',
        last_name: 'Walker',
        user_type: 'self',
        company: email.split('@')[1] ?? '',
        email_verified: true,
        is_registered: true,
        has_password: true,
      },
      now,
    ),
  );
  if (orgUid) {
    await accounts.putOrganization({
      org_uid: orgUid,
      name: `${email.split('@')[1]} org`,
      email,
      parent_uid: null,
      created_by: userId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await new DynamoCompanies(ddbDocClient(), table).addMembership(userId, orgUid, 'owner');
  }
  const token = await localIdToken(cognito as LocalCognito, { email, password });
  return { email, password, userId, token };
}
