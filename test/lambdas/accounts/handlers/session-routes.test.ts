import { describe, expect, test } from 'vitest';
import * as getAuthConfig from '../../../../lambdas/accounts/handlers/get-auth-config.handler';
import { makeWorld, registrationBody } from '../fakes';
import { call, callAs, routes } from './route-calls';

const EMAIL = 'ada@example.com';

describe('session routes', () => {
  test('get_session, update_profile and missing_info need a signed-in user', async () => {
    const r = routes(makeWorld());

    const answers = await Promise.all([
      call(r.session, {}),
      call(r.update, { first_name: 'A' }),
      call(r.missing, {}),
    ]);

    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
  });

  test('update_profile patches and missing_info follows; a bad website answers 400 on url', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());

    const updated = await callAs(r.update, 'sub-1', EMAIL, { phone: '' });
    const missing = await callAs(r.missing, 'sub-1', EMAIL);
    const bad = await callAs(r.update, 'sub-1', EMAIL, { url: 'nope' });

    expect(updated).toMatchObject({ status: 200, result: { missing_info: ['phone'] } });
    expect(missing).toMatchObject({ status: 200, result: { missing_info: ['phone'] } });
    expect(bad).toMatchObject({
      status: 400,
      error: { field: 'url', message: 'Please fix the website' },
    });
  });

  test('auth_config answers the public sign-in settings', async () => {
    const handler = getAuthConfig.makeHandler(() => ({
      userPoolId: 'pool-1',
      clientId: 'client-1',
      region: 'us-east-1',
      publicEndpoint: '/cognito',
      cognitoDomain: '',
      appOrigin: 'http://127.0.0.1:3000',
    }));

    const res = await call(handler, undefined);

    expect(res).toMatchObject({
      status: 200,
      result: {
        user_pool_id: 'pool-1',
        user_pool_client_id: 'client-1',
        user_pool_endpoint: '/cognito',
        region: 'us-east-1',
        google: null,
      },
    });
  });
});
