import { describe, expect, test } from 'vitest';
import { makeHandler } from '../../../../lambdas/companies/handlers/fetch-companies.handler';
import { seededCompanies } from '../../reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';

describe('fetch_companies route', () => {
  test("lists the caller's clients and the demo client", async () => {
    const companies = await seededCompanies();
    const handler = makeHandler(() => ({ companies }));

    const res = await handler(
      httpEvent({ method: 'POST', path: '/ss_rest/fetch_companies', sub: 'bob', body: {} }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(200);
    const { clients } = envelope(res).result as { clients: { client_uid: string }[] };
    expect(clients.map((c) => c.client_uid)).toEqual(['client-b', 'demo-1']);
  });

  test('lists only the clients whose connection status the filters select', async () => {
    const companies = await seededCompanies();
    await companies.updateClient('client-b', { connection_status: 'connected_invalid' });
    const handler = makeHandler(() => ({ companies }));

    const res = await handler(
      httpEvent({
        method: 'POST',
        path: '/ss_rest/fetch_companies',
        sub: 'bob',
        body: { filters: { connected_invalid: true } },
      }),
      lambdaContext,
    );

    const { clients } = envelope(res).result as {
      clients: { client_uid: string; connection_status: string }[];
    };
    expect(clients).toMatchObject([
      { client_uid: 'client-b', connection_status: 'connected_invalid' },
    ]);
  });

  test('answers 401 without a signed-in user', async () => {
    const companies = await seededCompanies();
    const handler = makeHandler(() => ({ companies }));

    const res = await handler(
      httpEvent({ method: 'POST', path: '/ss_rest/fetch_companies', body: {} }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(401);
  });
});
