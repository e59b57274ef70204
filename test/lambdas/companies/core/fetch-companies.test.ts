import { describe, expect, test } from 'vitest';
import { permList } from '#shared/accounts/perms';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { org, user, verifiedProfiles, world } from '../../accounts/sharing-fakes';
import { alice, client, seededCompanies } from '../../reports/fakes';

describe('fetchCompanies', () => {
  test("lists the caller's organisation clients and the demo clients, oldest first", async () => {
    const companies = await seededCompanies();
    await companies.putClient(
      client({ client_uid: 'client-a0', name: 'Older Co', created_at: '2023-06-01T00:00:00.000Z' }),
    );

    const { clients } = await fetchCompanies({ companies }, alice);

    expect(clients.map((c) => c.client_uid)).toEqual(['client-a0', 'client-a', 'demo-1']);
    expect(clients[2]).toMatchObject({
      client_uid: 'demo-1',
      name: 'Demo Furniture',
      sample_data: true,
      demo: true,
      airings: 3,
      first_airing_utc: '2024-03-04T14:00:00.000Z',
      last_airing_utc: '2024-03-10T23:30:00.000Z',
      latest_report_id: null,
      connection_status: 'not_connected',
      perms: { view: true, edit: false, import: false, share: false, schedule: false },
      shared: false,
    });
  });

  test('shows only the demo clients to a user without an organisation', async () => {
    const companies = await seededCompanies();

    const { clients } = await fetchCompanies(
      { companies },
      { userId: 'carol', email: null, emailVerified: true, staff: false, agent: false },
    );

    expect(clients.map((c) => c.client_uid)).toEqual(['demo-1']);
  });

  test('lists clients shared to the verified e-mail with their perms, and members get theirs', async () => {
    const w = await world();
    await verifiedProfiles(w.accounts, 'amy');
    await w.accounts.putShare({
      share_uid: 's1',
      client_uid: 'client-b',
      client_name: 'Bolt Tires',
      from_user_id: 'bob',
      from_email: 'bob@example.com',
      to_email: 'amy@example.com',
      perms: ['view', 'schedule'],
      status: 'active',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });

    const result = await fetchCompanies({ companies: w.companies }, user('amy'));

    expect(result.total_clients).toBe(3);
    expect(result.clients.map((c) => [c.client_uid, c.shared, permList(c.perms)])).toEqual([
      ['client-a', false, ['view', 'edit', 'import', 'schedule']],
      ['client-b', true, ['view', 'schedule']],
      ['demo-1', false, ['view']],
    ]);
  });

  test("an owner sees the clients of the organisation's sub-organisations", async () => {
    const w = await world();
    await w.accounts.putOrganization(org('org-w', { parent_uid: 'org-a' }));
    await w.companies.putClient(client({ client_uid: 'client-w', org_uid: 'org-w', name: 'West' }));

    const { clients } = await fetchCompanies({ companies: w.companies }, user('alice'));

    expect(clients.map((c) => [c.client_uid, c.perms.share])).toEqual([
      ['client-a', true],
      ['demo-1', false],
      ['client-w', true],
    ]);
  });
});
