import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { LoginResult, UserSession } from '#shared/contracts/account-results.schema';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { callApi } from '../../lib/local/route-calls';
import { outboxMails } from './support/outbox';
import { publicPool } from './support/public-pool';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

/** The newest mail to `to` in the local outbox (what a person reads in their inbox). */
function lastMailTo(to: string): { subject: string; text: string } {
  const mail = outboxMails(local.stack.mailDir).findLast((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const registration = (email: string) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email,
  phone: '312-555-0100',
  user_type: 'self',
  industry_id: '1268',
  company: 'Lee Furniture',
  url: 'https://leefurniture.example.com',
  years_experience_raw: 4,
  new_password: 'sofa12!chair',
  confirm_password: 'sofa12!chair',
  accept_terms: true,
});

async function registerAndVerify(url: string, email: string): Promise<string> {
  await callApi(url, 'register', registration(email));
  const code = /code is (\w{6})/.exec(lastMailTo(email).text)?.[1];
  await callApi(url, 'verify_email', { email, code });
  const login = await callApi<LoginResult>(url, 'rest_login', {
    email_address: email,
    password: 'sofa12!chair',
  });
  return login.token?.id_token ?? '';
}

test('register, verify with the mailed code, log in: the Cognito token opens the private routes', async () => {
  const url = local.stack.url;
  const email = 'ann@leefurniture.example.com';

  const token = await registerAndVerify(url, email);
  const session = await callApi<UserSession>(url, 'get_session', {}, token);

  expect(session).toMatchObject({
    primary_email: email,
    first_name: 'Ann',
    email_verified: true,
    is_registered: true,
    user_type: 'self',
    phone: '312-555-0100',
    company: 'Lee Furniture',
    url: 'leefurniture.example.com',
    industry_id: '1268',
  });
  expect(session.organizations).toHaveLength(1);
  expect(session.organizations[0]).toMatchObject({ role: 'owner', name: 'Lee Furniture' });
});

test('before verifying, the right password gets no token but a new code', async () => {
  const url = local.stack.url;
  const email = 'bo@example.com';
  await callApi(url, 'register', registration(email));

  await expect(
    callApi(url, 'rest_login', { email_address: email, password: 'sofa12!chair' }),
  ).rejects.toThrow(/verify your e-mail/i);
});

test('a private route without a token, or with a forged one, answers 401', async () => {
  const url = local.stack.url;
  const forged = `${(await local.stack.idToken(local.stack.logins.demo)).slice(0, -6)}AAAAAA`;

  await expect(callApi(url, 'get_session', {})).rejects.toThrow(/HTTP 401/);
  await expect(callApi(url, 'get_session', {}, forged)).rejects.toThrow(/HTTP 401/);
});

test("one customer cannot read, share or run reports on another's client by guessing its id", async () => {
  const url = local.stack.url;
  const owner = local.token; // the demo user, owner of the local organisation
  const postlog = join(local.dir, 'private-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 1, spotsPerDay: 4, seed: 3 }));
  const job = await importFile(gatewayImports(url, owner), {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Private Advertiser',
  });
  const victim = job.client_uid;
  const intruder = await registerAndVerify(url, 'mallory@example.com');

  const mine = await callApi<{ clients: unknown[] }>(url, 'fetch_companies', {}, intruder);
  await expect(callApi(url, 'get_report', { client_uid: victim }, intruder)).rejects.toThrow(
    /HTTP 404/,
  );
  await expect(callApi(url, 'perform_report', { client_uid: victim }, intruder)).rejects.toThrow(
    /HTTP 404/,
  );
  await expect(
    callApi(url, 'update_share', { client_uid: victim, email: 'mallory@example.com' }, intruder),
  ).rejects.toThrow(/HTTP 404/);
  expect(victim).not.toBe('');
  expect(mine.clients).toEqual([]);
});

test('a reset link works once, and the new password then signs in', async () => {
  const url = local.stack.url;
  const email = 'ann@leefurniture.example.com';
  await callApi(url, 'reset_password', { email });
  const xrg = /xrg=([\w-]+)/.exec(lastMailTo(email).text)?.[1];
  const change = { token: xrg, new_password: 'table34#lamp', confirm_password: 'table34#lamp' };

  const first = await callApi<LoginResult>(url, 'change_password', change);
  const second = callApi(url, 'change_password', change);

  expect(first.token?.id_token).toBeTruthy();
  await expect(second).rejects.toThrow(/expired or was already used/);
  await expect(
    callApi(url, 'rest_login', { email_address: email, password: 'sofa12!chair' }),
  ).rejects.toThrow(/Incorrect e-mail address or password/);
  const again = await callApi<LoginResult>(url, 'rest_login', {
    email_address: email,
    password: 'table34#lamp',
  });
  expect(again.token?.id_token).toBeTruthy();
});

test('an invited address sets a password from the mailed link and sees exactly the shared client', async () => {
  const url = local.stack.url;
  const owner = local.token;
  const postlog = join(local.dir, 'shared-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 1, spotsPerDay: 4, seed: 5 }));
  const job = await importFile(gatewayImports(url, owner), {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Shared Advertiser',
  });
  const guest = 'guest@agency.example.com';

  await callApi(
    url,
    'update_share',
    { client_uid: job.client_uid, email: guest, perms: ['view'] },
    owner,
  );
  const link = /verify-email\?email=[^&\s]+&code=(\w{6})/.exec(lastMailTo(guest).text);
  const verified = await callApi<{ needs_password: boolean }>(url, 'verify_email', {
    email: guest,
    code: link?.[1],
  });
  const login = await callApi<LoginResult>(url, 'finish_registration', {
    email: guest,
    code: link?.[1],
    new_password: 'guest12!pass',
    confirm_password: 'guest12!pass',
  });
  const { clients } = await callApi<{
    clients: { client_uid: string; shared: boolean; perms: Record<string, boolean> }[];
  }>(url, 'fetch_companies', {}, login.token?.id_token);

  expect(verified.needs_password).toBe(true);
  expect(clients).toEqual([
    expect.objectContaining({
      client_uid: job.client_uid,
      shared: true,
      perms: { view: true, edit: false, import: false, share: false, schedule: false },
    }),
  ]);
});

describe('someone who registers an address they do not own', () => {
  test('gets no token from the user pool directly before the address is verified', async () => {
    const url = local.stack.url;
    const pool = await publicPool(url);
    await callApi(url, 'register', registration('victim1@example.com'));

    await expect(pool.signIn('victim1@example.com', 'sofa12!chair')).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
    });
    await expect(
      callApi(url, 'rest_login', {
        email_address: 'victim1@example.com',
        password: 'sofa12!chair',
      }),
    ).rejects.toThrow(/verify your e-mail/i);
    pool.close();
  });

  test('cannot keep the address: the owner registers again, and verifying makes the owner choose the password', async () => {
    const url = local.stack.url;
    const email = 'victim2@example.com';
    await callApi(url, 'register', registration(email));
    const owner = { ...registration(email), first_name: 'Olive' };
    owner.new_password = owner.confirm_password = 'owner34#desk';

    await callApi(url, 'register', owner);
    const code = /code is (\w{6})/.exec(lastMailTo(email).text)?.[1];
    const verified = await callApi<{ needs_password: boolean }>(url, 'verify_email', {
      email,
      code,
    });
    const signedIn = await callApi<LoginResult>(url, 'finish_registration', {
      email,
      code,
      new_password: 'mine56%desk',
      confirm_password: 'mine56%desk',
    });

    expect(verified.needs_password).toBe(true);
    expect(signedIn.token?.id_token).toBeTruthy();
    await expect(
      callApi(url, 'rest_login', { email_address: email, password: 'sofa12!chair' }),
    ).rejects.toThrow(/Incorrect e-mail address or password/);
    const session = await callApi<UserSession>(url, 'get_session', {}, signedIn.token?.id_token);
    expect(session).toMatchObject({
      primary_email: email,
      first_name: 'Olive',
      email_verified: true,
    });
  });
});

test('a password reset revokes every refresh token issued before it', async () => {
  const url = local.stack.url;
  const email = 'carol@example.com';
  await registerAndVerify(url, email);
  const before = await callApi<LoginResult>(url, 'rest_login', {
    email_address: email,
    password: 'sofa12!chair',
  });
  const pool = await publicPool(url);
  await pool.refresh(before.token?.refresh_token);

  await callApi(url, 'reset_password', { email });
  const xrg = /xrg=([\w-]+)/.exec(lastMailTo(email).text)?.[1];
  const after = await callApi<LoginResult>(url, 'change_password', {
    token: xrg,
    new_password: 'table34#lamp',
    confirm_password: 'table34#lamp',
  });

  await expect(pool.refresh(before.token?.refresh_token)).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  const renewed = await pool.refresh(after.token?.refresh_token);
  expect(renewed.AuthenticationResult?.IdToken).toBeTruthy();
  pool.close();
});
