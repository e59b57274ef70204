import { describe, expect, test } from 'vitest';
import { makeHandler as makeGetReport } from '../../../../lambdas/reports/handlers/get-report.handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { allowancePorts, memoryPorts, seededCompanies } from '../fakes';
import { reportDoc } from '../print/fixtures';
import { envelope, httpEvent, lambdaContext } from './events';

// Staff reach every client (perms.ts clientPerms), but only from an account with an
// authenticator app: tokens taken straight from the user pool's public client skip the login
// page's setup step, so such a caller is a plain customer on every route, not only on the staff
// routes.

/** get_report of client-b (org-b, which `staff-1` is no member of), with its report r-b. */
async function reportOfClientB(authenticators: ReturnType<typeof fakeAuthenticators>) {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  await ports.store.putJson(
    'reports/client-b/r-b.json',
    reportDoc({ client_uid: 'client-b', report_id: 'r-b' }),
  );
  const handler = makeGetReport(
    () => ({ companies, store: ports.store, ...allowancePorts() }),
    authenticators.check,
  );
  return (groups: string[]) =>
    handler(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/get_report',
        sub: 'staff-1',
        groups,
        query: { client_uid: 'client-b', report_id: 'r-b' },
      }),
      lambdaContext,
    );
}

describe("get_report of another organisation's client as staff", () => {
  test('without an authenticator app the staff claim counts for nothing: 404 like any customer', async () => {
    const pool = fakeAuthenticators();
    const getReport = await reportOfClientB(pool);

    const res = await getReport(['staff']);

    expect(res.statusCode).toBe(404);
    expect(envelope(res).error?.code).toBe('not_found');
    expect(pool.asked).toEqual(['staff-1']);
  });

  test('with an authenticator app staff read it: 200', async () => {
    const pool = fakeAuthenticators('staff-1');
    const getReport = await reportOfClientB(pool);

    const res = await getReport(['staff']);

    expect(res.statusCode).toBe(200);
    expect(envelope(res).result).toMatchObject({ report_id: 'r-b' });
  });

  test('a customer is never looked up in the user pool', async () => {
    const pool = fakeAuthenticators();
    const getReport = await reportOfClientB(pool);

    const res = await getReport([]);

    expect(res.statusCode).toBe(404);
    expect(pool.asked).toEqual([]);
  });
});
