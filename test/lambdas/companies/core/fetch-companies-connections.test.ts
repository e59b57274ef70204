import { describe, expect, test } from 'vitest';
import { CONNECTION_STATUSES } from '#shared/contracts/connections.schema';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { fetchCompaniesSchema } from '../../../../lambdas/companies/handlers/fetch-companies.schema';
import { alice, client, seededCompanies } from '../../reports/fakes';

/** alice's org with one client per connection status (plus one never computed) and the demo. */
async function companiesWithStatuses() {
  const companies = await seededCompanies();
  for (const [i, status] of CONNECTION_STATUSES.entries())
    await companies.putClient(
      client({
        client_uid: `c-${status}`,
        name: status,
        created_at: `2024-02-0${i + 1}T00:00:00.000Z`,
        connection_status: status,
      }),
    );
  return companies;
}

const uids = (r: { clients: { client_uid: string }[] }) => r.clients.map((c) => c.client_uid);

describe('fetch_companies connection filters', () => {
  test('each item says its connection status; a client never computed reads not_connected', async () => {
    const companies = await companiesWithStatuses();

    const { clients } = await fetchCompanies({ companies }, alice);

    expect(clients.find((c) => c.client_uid === 'c-lite_connected')?.connection_status).toBe(
      'lite_connected',
    );
    expect(clients.find((c) => c.client_uid === 'client-a')?.connection_status).toBe(
      'not_connected',
    );
  });

  test.each([
    [{ connected: true }, ['c-connected']],
    [{ lite_connected: true }, ['c-lite_connected']],
    [{ almost_connected: true }, ['c-almost_connected']],
    [{ connected_invalid: true }, ['c-connected_invalid']],
    [{ with_ua_only: true }, ['c-with_ua_only']],
    [{ not_connected: true }, ['client-a', 'c-not_connected', 'demo-1']],
    [
      { connected: true, connected_invalid: true, not_connected: false },
      ['c-connected', 'c-connected_invalid'],
    ],
  ])('filters %j select on the connection status', async (filters, expected) => {
    const companies = await companiesWithStatuses();

    const result = await fetchCompanies(
      { companies },
      alice,
      fetchCompaniesSchema.parse({ filters }),
    );

    expect(uids(result).sort()).toEqual([...expected].sort());
    expect(result.total_clients).toBe(expected.length);
  });

  test('`all`, or no connection filter turned on, lists every client', async () => {
    const companies = await companiesWithStatuses();

    const all = await fetchCompanies(
      { companies },
      alice,
      fetchCompaniesSchema.parse({ filters: { all: true, connected: true } }),
    );
    const none = await fetchCompanies(
      { companies },
      alice,
      fetchCompaniesSchema.parse({ filters: { connected: false } }),
    );

    expect(all.total_clients).toBe(8);
    expect(none.total_clients).toBe(8);
  });

  test('a filter that is not true or false is refused naming it', () => {
    const parsed = fetchCompaniesSchema.safeParse({ filters: { connected: 'yes' } });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['filters', 'connected']);
  });
});
