import { describe, expect, test } from 'vitest';
import { makeWorld, registrationBody } from '../fakes';
import { call, routes } from './route-calls';

const EMAIL = 'ada@example.com';

describe('register -> verify_email with a pending client', () => {
  test('the verified account owns the client the landing preview asked for', async () => {
    const w = makeWorld();
    const r = routes(w);
    const pending = { website: 'joes-bar.example.com', industry_id: '1003', market: '501' };
    expect((await call(r.register, registrationBody({ pending_client: pending }))).status).toBe(
      200,
    );

    const verified = await call(r.verify, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });

    expect(verified.status).toBe(200);
    const profile = await w.accounts.profileByEmail(EMAIL);
    const [org] = await w.companies.orgsOfUser(profile?.user_id ?? '');
    const clients = await w.companies.listClientsOfOrg(org ?? '');
    expect(clients.map((c) => [c.name, c.website, c.industry_id, c.market])).toEqual([
      ['joes-bar.example.com', 'joes-bar.example.com', '1003', '501'],
    ]);
  });

  test('register answers 400 naming the field for an unknown market, and stores nothing', async () => {
    const w = makeWorld();
    const r = routes(w);

    const res = await call(
      r.register,
      registrationBody({ pending_client: { website: 'joes-bar.example.com', market: '999' } }),
    );

    expect(res).toMatchObject({ status: 400, error: { field: 'pending_client.market' } });
    expect(await w.accounts.profileByEmail(EMAIL)).toBeNull();
  });
});
