import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import type { CompaniesResult } from '#shared/contracts/api.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import type { Envelope } from '#shared/http/envelope';
import { ENV } from '#shared/workers';
import { localTotpCode } from '../../lib/local/local-mfa';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { publicPool } from './support/public-pool';
import { importDemoClient, stackForFile, withAuthenticator } from './support/stack';
import { createCustomer } from './support/walk-personas';

// A member of staff or a call-centre agent who never added an authenticator app takes tokens
// straight from the user pool's public client (MFA is optional per user, so Cognito hands them
// out): the agent and staff routes refuse them until the account has one, adding it signs that
// earlier session out, and on every other route the account is a plain customer.

const local = stackForFile();

/** cls_search through the gateway with `idToken`; the status and the error code, if any. */
async function search(idToken: string | undefined) {
  const res = await fetch(new URL('/ss_rest/cls_search?search_text=a', local.stack.url), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const body = (await res.json()) as Envelope<unknown>;
  return { status: res.status, code: body.error?.code ?? null, body };
}

test('an agent without an authenticator is refused with tokens taken straight from the pool, and let in once the login page added one', async () => {
  const { url, logins } = local.stack;
  const agent = logins.agent;
  const pool = await publicPool(url);

  const bypass = (await pool.signIn(agent.email, agent.password)).AuthenticationResult;
  const refused = await search(bypass?.IdToken);

  expect(bypass?.IdToken).toBeTruthy();
  expect(refused).toMatchObject({ status: 403, code: 'mfa_required' });
  expect(refused.body.message).toBe(MFA_MESSAGES.required);

  const step = await callApi<LoginResult>(url, 'rest_login', {
    email_address: agent.email,
    password: agent.password,
  });
  expect(step.token).toBeUndefined();
  expect(step.mfa).toMatchObject({ step: 'setup' });
  const setup = await callApi<LoginResult>(url, 'mfa_setup', {
    session: step.mfa?.session,
    code: localTotpCode(step.mfa?.secret ?? ''),
  });
  const admitted = await search(setup.token?.id_token);

  expect(admitted.status).toBe(200);
  // Adding the authenticator signed the earlier session out: its refresh token is dead, and
  // the pool now stops every password sign-in at the code.
  await expect(pool.refresh(bypass?.RefreshToken)).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  expect(setup.token?.refresh_token).toBeUndefined();
  const again = await pool.signIn(agent.email, agent.password);
  expect(again.AuthenticationResult).toBeUndefined();
  expect(again.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  pool.close();
}, 60_000);

/** A route through the gateway with `idToken`; the status and the envelope. */
async function call<T>(name: string, query: Record<string, string>, idToken: string | undefined) {
  const url = new URL(`/ss_rest/${name}`, local.stack.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: name === 'fetch_companies' ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    ...(name === 'fetch_companies' ? { body: '{}' } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

test("a member of staff without an authenticator reads no other organisation's client with tokens taken straight from the pool, and has staff powers once it has one", async () => {
  const { url } = local.stack;
  // Prepare: the demo user's organisation has a client with a finished report; a demo client
  // (readable by everyone, writable by staff only); a staff account that never added an app.
  const { clientUid } = await importDemoClient(local, {
    name: 'staff',
    advertiser: 'Elsewhere Mattress',
    weeks: 1,
    spotsPerDay: 4,
    seed: 83,
  });
  const { report_id } = await waitForReport(url, clientUid, {}, local.token);
  const companies = new DynamoCompanies(ddbDocClient(), process.env[ENV.companiesTable] ?? '');
  await companies.putClient(
    newClientRecord(
      {
        client_uid: 'demo-staff',
        org_uid: 'org-demo',
        name: 'Demo',
        demo: true,
        sample_data: true,
      },
      new Date(),
    ),
  );
  const staff = await createCustomer('lapsed@analyticowl.example.com', null);
  const admin = new CognitoIdentityProviderClient({
    endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await admin.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: process.env[ENV.userPoolId],
      Username: staff.email,
      GroupName: 'staff',
    }),
  );
  admin.destroy();
  const password = staff.password;
  const pool = await publicPool(url);

  // Act: tokens straight from the pool (its ID token says staff), then the login page's way.
  const bypass = (await pool.signIn(staff.email, password)).AuthenticationResult?.IdToken;
  pool.close();
  const report = await call('get_report', { client_uid: clientUid, report_id }, bypass);
  const listed = await call<CompaniesResult>('fetch_companies', {}, bypass);
  const enrolled = await local.stack.idToken(
    await withAuthenticator(local, { email: staff.email, password }),
  );
  const staffReport = await call('get_report', { client_uid: clientUid, report_id }, enrolled);
  const staffListed = await call<CompaniesResult>('fetch_companies', {}, enrolled);

  // Assert: a plain customer without the app; staff with it.
  expect(JSON.parse(atob(bypass?.split('.')[1] ?? ''))['cognito:groups']).toEqual(['staff']);
  expect(report.status).toBe(404);
  expect(report.body.error?.code).toBe('not_found');
  expect(listed.status).toBe(200);
  const seen = listed.body.result?.clients ?? [];
  expect(seen.map((c) => c.client_uid)).not.toContain(clientUid);
  expect(seen.find((c) => c.client_uid === 'demo-staff')?.perms).toEqual({
    view: true,
    edit: false,
    import: false,
    share: false,
    schedule: false,
  });
  expect(staffReport.status).toBe(200);
  expect(
    staffListed.body.result?.clients.find((c) => c.client_uid === 'demo-staff')?.perms,
  ).toMatchObject({ edit: true, import: true });
}, 180_000);
