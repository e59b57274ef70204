import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { authConfig } from '../../../../lambdas/accounts/core/auth-config';
import { getMissingInfo, getSession } from '../../../../lambdas/accounts/core/get-session';
import { missingInfo } from '../../../../lambdas/accounts/core/missing-info';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { register } from '../../../../lambdas/accounts/core/register';
import { updateProfile } from '../../../../lambdas/accounts/core/update-profile';
import { callerOf, makeWorld, registrationBody } from '../fakes';

const meta = { sourceIp: '198.51.100.7' };

async function registered() {
  const w = makeWorld();
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
  return {
    w,
    sessionDeps: {
      accounts: w.accounts,
      companies: w.companies,
      now: w.deps.now,
      identity: w.identity,
    },
  };
}

describe('get_session', () => {
  test("holds the spec's user session fields with all organisations", async () => {
    const { w, sessionDeps } = await registered();
    const parent = (await w.accounts.organizationsOf('sub-1'))[0]?.org;
    await w.accounts.putOrganization({
      ...parent!,
      org_uid: 'org-sub',
      name: 'Engines West',
      parent_uid: parent!.org_uid,
    });

    const session = await getSession(sessionDeps, callerOf('sub-1', 'ada@example.com'));

    expect(session).toMatchObject({
      user_id: 'sub-1',
      is_registered: true,
      primary_email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      user_type: 'self',
      email_verified: false,
      missing_info: [],
      shares: { shared_to_me: [], shared_to_others: [] },
      staff: false,
      agent: false,
    });
    expect(session.organizations.map((o) => [o.name, o.sub_org])).toEqual([
      ['Analytical Engines', false],
      ['Engines West', true],
    ]);
  });

  test('a user the pool knows but we do not (staff made by an admin) gets a stored profile', async () => {
    const { w, sessionDeps } = await registered();
    w.identity.users.set('ops@example.com', {
      userId: 'staff-1',
      password: 'x',
      emailVerified: true,
      enabled: true,
    });

    const session = await getSession(
      sessionDeps,
      callerOf('staff-1', 'Ops@Example.com'.toLowerCase(), { staff: true }),
    );

    expect(session).toMatchObject({ user_id: 'staff-1', staff: true, email_verified: true });
    expect(session.missing_info).toEqual(['first_name', 'last_name', 'user_type', 'phone']);
    expect((await w.accounts.profileByEmail('ops@example.com'))?.user_id).toBe('staff-1');
  });
});

describe('get_session for a user without a profile', () => {
  test("the stored profile's email_verified is the user pool's, not the token's claim", async () => {
    const w = makeWorld();
    const sessionDeps = {
      accounts: w.accounts,
      companies: w.companies,
      now: w.deps.now,
      identity: w.identity,
    };
    w.identity.users.set('ops@example.com', {
      userId: 'staff-1',
      password: 'x',
      emailVerified: true,
      enabled: true,
    });
    w.identity.users.set('nope@example.com', {
      userId: 'odd-1',
      password: 'x',
      emailVerified: false,
      enabled: true,
    });

    const staff = await getSession(sessionDeps, callerOf('staff-1', 'ops@example.com'));
    const odd = await getSession(sessionDeps, callerOf('odd-1', 'nope@example.com'));

    expect(staff.email_verified).toBe(true);
    expect(odd.email_verified).toBe(false);
    expect((await w.accounts.getProfile('odd-1'))?.email_verified).toBe(false);
  });
});

describe('missing_info', () => {
  test.each([
    [{ user_type: 'self' as const }, ['phone', 'industry_id', 'company', 'url']],
    [{ user_type: 'rep' as const }, ['phone', 'markets']],
    [{ user_type: 'rep' as const, markets: ['501'], phone: '212-555-0100' }, []],
    [{ user_type: 'agency' as const }, ['phone']],
    [{ user_type: null }, ['user_type', 'phone']],
  ])('%j misses %j', (fields, expected) => {
    const profile = newProfile(
      { user_id: 'u', primary_email: 'u@x.co', first_name: 'U', last_name: 'V', ...fields },
      new Date(),
    );

    expect(missingInfo(profile)).toEqual(expected);
  });

  test('the route answers { missing_info }', async () => {
    const { sessionDeps } = await registered();

    await expect(
      getMissingInfo(sessionDeps, callerOf('sub-1', 'ada@example.com')),
    ).resolves.toEqual({ missing_info: [] });
  });
});

describe('update_profile', () => {
  test('patches only the given fields and answers the new session', async () => {
    const { w, sessionDeps } = await registered();

    const session = await updateProfile(sessionDeps, callerOf('sub-1', 'ada@example.com'), {
      company: '',
      default_report_tab: 'creatives',
    });

    expect(session.missing_info).toEqual(['company']);
    expect(session.default_report_tab).toBe('creatives');
    expect((await w.accounts.getProfile('sub-1'))?.phone).toBe('212-555-0100');
  });
});

describe('auth_config', () => {
  const settings = {
    userPoolId: 'us-east-1_abc',
    clientId: 'client 1',
    region: 'us-east-1',
    publicEndpoint: '',
    cognitoDomain: 'https://auth.example.com/',
    appOrigin: 'https://app.example.com',
  };

  test('builds the hosted-UI Google URL returning to /login', () => {
    expect(authConfig(settings)).toEqual({
      user_pool_id: 'us-east-1_abc',
      user_pool_client_id: 'client 1',
      region: 'us-east-1',
      google: {
        authorize_url:
          'https://auth.example.com/oauth2/authorize?identity_provider=Google&response_type=code' +
          '&client_id=client%201&scope=openid+email+profile' +
          '&redirect_uri=https%3A%2F%2Fapp.example.com%2Flogin',
      },
    });
  });

  test('has no Google block without a domain, and the local endpoint when set', () => {
    const local = authConfig({ ...settings, cognitoDomain: '', publicEndpoint: '/cognito' });

    expect(local.google).toBeNull();
    expect(local.user_pool_endpoint).toBe('/cognito');
  });
});
