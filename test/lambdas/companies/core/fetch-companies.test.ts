import { describe, expect, test } from 'vitest';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { alice, client, seededCompanies } from '../../reports/fakes';

describe('fetchCompanies', () => {
  test("lists the caller's organisation clients and the demo clients, oldest first", async () => {
    const companies = await seededCompanies();
    await companies.putClient(
      client({ client_uid: 'client-a0', name: 'Older Co', created_at: '2023-06-01T00:00:00.000Z' }),
    );

    const { clients } = await fetchCompanies({ companies }, alice);

    expect(clients.map((c) => c.client_uid)).toEqual(['client-a0', 'client-a', 'demo-1']);
    expect(clients[2]).toEqual({
      client_uid: 'demo-1',
      name: 'Demo Furniture',
      sample_data: true,
      demo: true,
      airings: 3,
      first_airing_utc: '2024-03-04T14:00:00.000Z',
      last_airing_utc: '2024-03-10T23:30:00.000Z',
      latest_report_id: null,
    });
  });

  test('shows only the demo clients to a user without an organisation', async () => {
    const companies = await seededCompanies();

    const { clients } = await fetchCompanies(
      { companies },
      { userId: 'carol', email: null, staff: false },
    );

    expect(clients.map((c) => c.client_uid)).toEqual(['demo-1']);
  });
});
