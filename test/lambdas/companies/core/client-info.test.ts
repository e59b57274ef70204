import { describe, expect, test } from 'vitest';
import { fetchClientInfo } from '../../../../lambdas/companies/core/client-info';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import { callerOf, clientWorld, memoryCalculators, profile } from '../client-fakes';

const alice = callerOf('alice');

describe('fetch_client_info', () => {
  test("shows the org's members as rep choices and the caller's saved calculator", async () => {
    const { deps } = await clientWorld();
    const { client_info } = await companySave(deps, alice, { name: 'Acme', rep_uids: ['ana'] });
    const calculators = memoryCalculators({
      [`alice/${client_info.client_uid}`]: {
        ad_spend_cents: 250_000,
        conversion_rate_pct: 3.5,
        order_value_cents: 12_000,
      },
    });

    const out = await fetchClientInfo({ ...deps, calculators }, alice, {
      client_uid: client_info.client_uid,
    });

    expect(out.client_info).toMatchObject({
      name: 'Acme',
      rep_uids: ['ana'],
      reps: [
        { id: 'alice', name: 'Alice Able' },
        { id: 'ana', name: 'Ana Avery' },
      ],
      perms: { view: true, edit: true },
      goals_and_objectives: { ad_spend_cents: 250_000 },
      return_calculator: { average_sale_cents: 12_000, close_rate_pct: 3.5 },
      report_schedules: [],
    });
  });

  test('without saved report settings the goals and calculator are empty', async () => {
    const { deps } = await clientWorld();
    const { client_info } = await companySave(deps, alice, { name: 'Acme' });

    const out = await fetchClientInfo(deps, alice, { client_uid: client_info.client_uid });

    expect(out.client_info.goals_and_objectives).toEqual({ ad_spend_cents: null });
    expect(out.client_info.return_calculator).toBeNull();
  });

  test("a view-only sharee sees the client's reps, never the organisation's other members", async () => {
    const { deps, accounts, companies } = await clientWorld();
    const { client_info } = await companySave(deps, alice, { name: 'Acme', rep_uids: ['ana'] });
    await accounts.putShare({
      share_uid: 's1',
      client_uid: client_info.client_uid,
      client_name: 'Acme',
      from_user_id: 'alice',
      from_email: 'alice@example.com',
      to_email: 'carol@example.com',
      perms: ['view'],
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
    accounts.profiles.set('carol', { ...profile('carol', 'Carol', 'Cole') });
    await companies.addMembership('carol', 'org-c', 'owner');

    const out = await fetchClientInfo(deps, callerOf('carol'), {
      client_uid: client_info.client_uid,
    });

    expect(out.client_info.perms.edit).toBe(false);
    expect(out.client_info.reps).toEqual([{ id: 'ana', name: 'Ana Avery' }]);
  });

  test("another customer's client is not found, with no members listed", async () => {
    const { deps } = await clientWorld();
    const { client_info } = await companySave(deps, alice, { name: 'Acme' });

    const error = await fetchClientInfo(deps, callerOf('bob'), {
      client_uid: client_info.client_uid,
    }).catch((e) => e);

    expect(error).toMatchObject({ status: 404 });
  });
});
