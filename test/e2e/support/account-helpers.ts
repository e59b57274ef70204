import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { newProfile } from '../../../lambdas/accounts/core/profile';
import { createPoolUser, localPoolClient } from '../../../lib/local/local-logins';
import { LOCAL_COMPANIES_TABLE } from '../../../lib/local/local-names';
import { readPorts } from '../../../lib/local/stack-state';
import type { Login } from './auth-helpers';
import { E2E_LOCAL_DIR } from './e2e-env';

/** A test's own advertiser account: its login and the organisation it owns. */
export interface TestAdvertiser extends Login {
  /** Its personal organisation's name (its company's, as registration names it). */
  organization: string;
}

/**
 * A new advertiser account of the test's own, for tests whose outcome depends on free reports,
 * subscriptions or an organisation's members: nothing other specs (or an earlier run over the
 * same data folder) did to the demo user reaches it. It is made directly in the stack's
 * stand-ins as a verified registration leaves it (register and verify_email: a Cognito user with
 * a verified e-mail and a permanent password, its profile, and a personal organisation it owns,
 * named after its company), not through register, whose 10 registrations an hour per address
 * the suite would use up by itself (accounts.spec.ts walks the registration screens).
 * @param label the start of its e-mail address and company: `walk` ->
 *   `walk-<time>-<random>@example.com`, "walk <random> Ltd".
 */
export async function newAdvertiser(
  label: string,
  localDir = E2E_LOCAL_DIR,
): Promise<TestAdvertiser> {
  const unique = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const email = `${label}-${unique}@example.com`;
  const password = `${randomBytes(9).toString('base64url')}7a!9Q`;
  const organization = `${label} ${unique} Ltd`;
  const ports = readPorts(localDir);
  const userId = await newPoolUser(localDir, ports.cognito, { email, password, label });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    const accounts = new DynamoAccounts(db, LOCAL_COMPANIES_TABLE);
    const now = new Date();
    await accounts.createProfile(
      newProfile(
        {
          user_id: userId,
          primary_email: email,
          first_name: 'Test',
          last_name: label,
          user_type: 'self',
          // IAB ad-product taxonomy 2.0: Durable Goods > Furniture, as the demo user.
          industry_id: '1268',
          company: organization,
          url: 'example.com',
          years_experience: 4,
          email_verified: true,
        },
        now,
      ),
    );
    const org = randomUUID();
    await accounts.putOrganization({
      org_uid: org,
      name: organization,
      email,
      parent_uid: null,
      created_by: userId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await accounts.putMember(userId, org, 'owner');
  } finally {
    db.destroy();
  }
  return { email, password, organization };
}

/** A verified user with a permanent password in the local user pool. @returns its `sub`. */
async function newPoolUser(
  localDir: string,
  port: number | undefined,
  user: { email: string; password: string; label: string },
): Promise<string> {
  const { userPoolId } = JSON.parse(readFileSync(`${localDir}/cognito/pool.json`, 'utf8'));
  const client = localPoolClient(`http://127.0.0.1:${port}`);
  try {
    const sub = await createPoolUser(client, userPoolId, user, {
      given: 'Test',
      family: user.label,
    });
    if (!sub) throw new Error(`the local user pool gave ${user.email} no sub`);
    return sub;
  } finally {
    client.destroy();
  }
}
