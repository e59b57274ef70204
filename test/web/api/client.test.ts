import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { ApiError, callRoute, resetRoutes, toQuery } from '../../../web/src/api/client';

const ROUTES = {
  get_report: { method: 'GET', path: '/api/v9/report' },
  perform_report: { method: 'POST', path: '/api/v9/run' },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: Array<{ url: string; init: RequestInit | undefined }>;

function serve(answer: (url: string, init?: RequestInit) => Response) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url === '/ss_rest/routes')
      return json(200, { success: true, message: 'OK', result: ROUTES });
    return answer(url, init);
  });
}

beforeEach(() => {
  calls = [];
  resetRoutes();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calling routes by name (spec §7: paths come from the server table)', () => {
  test('GET sends the input as a query string to the path the table names', async () => {
    serve(() => json(200, { success: true, message: 'OK', result: { report_id: 'r1' } }));

    const result = await callRoute('get_report', { client_uid: 'c 1', report_id: undefined });

    expect(result).toEqual({ report_id: 'r1' });
    expect(calls.map((c) => c.url)).toEqual(['/ss_rest/routes', '/api/v9/report?client_uid=c+1']);
  });

  test('POST sends the input as a JSON body, and the table is fetched once', async () => {
    serve(() => json(200, { success: true, message: 'OK', result: {} }));

    await callRoute('perform_report', { client_uid: 'c1', window: 8 });
    await callRoute('perform_report', { client_uid: 'c2' });

    expect(calls.filter((c) => c.url === '/ss_rest/routes')).toHaveLength(1);
    expect(calls[1]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ client_uid: 'c1', window: 8 });
  });
});

describe('errors', () => {
  test('an error envelope becomes an ApiError with the server code and message', async () => {
    serve(() =>
      json(404, {
        success: false,
        message: 'Report not found.',
        error: { code: 'not_found', message: 'Report not found.' },
      }),
    );

    const error = await callRoute('get_report', { client_uid: 'c1' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'Report not found.' });
  });

  test('server failures and non-JSON answers show the generic message', async () => {
    serve(() => new Response('<html>bad gateway</html>', { status: 502 }));

    const error = await callRoute('get_report', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'internal', message: GENERIC_ERROR_MESSAGE });
  });

  test('a name missing from the table fails without a request', async () => {
    serve(() => json(200, { success: true, message: 'OK' }));

    await expect(callRoute('no_such_route')).rejects.toMatchObject({ code: 'unknown_route' });
    expect(calls).toHaveLength(1);
  });
});

test('toQuery skips empty values', () => {
  expect(toQuery({ a: 1, b: null, c: undefined, d: 'x y' })).toBe('?a=1&d=x+y');
  expect(toQuery({})).toBe('');
});
