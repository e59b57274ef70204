import { describe, expect, test } from 'vitest';
import { handler } from '../../../../lambdas/platform/handlers/get-routes.handler';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';

describe('routes route', () => {
  test('gives anyone the route-name table', async () => {
    const res = await handler(httpEvent({ method: 'GET', path: '/ss_rest/routes' }), lambdaContext);

    expect(res.statusCode).toBe(200);
    const table = envelope(res).result as Record<string, { method: string; path: string }>;
    expect(table.perform_report).toEqual({ method: 'POST', path: '/ss_rest/perform_report' });
    expect(table.routes).toEqual({ method: 'GET', path: '/ss_rest/routes' });
  });
});
