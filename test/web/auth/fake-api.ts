import { vi } from 'vitest';
import { resetRoutes } from '../../../web/src/api/client';

/** One recorded API call: route name (from the table) and parsed JSON body. */
export interface RecordedCall {
  name: string;
  body: unknown;
}

/** Route names the fake table lists, each at `/ss_rest/<name>` by POST (auth_config by GET). */
const NAMES = [
  'auth_config',
  'register',
  'rest_login',
  'reset_password',
  'change_password',
  'send_verify_email',
  'verify_email',
  'finish_registration',
];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A success envelope. */
export function ok(result: unknown) {
  return { status: 200, body: { success: true, message: 'OK', result } };
}

/** An error envelope. */
export function fail(status: number, code: string, message: string, field?: string) {
  return { status, body: { success: false, message, error: { code, message, field } } };
}

/**
 * Stubs fetch with a route table and per-route answers; returns the calls made (the route
 * table fetch excluded). Unanswered routes fail with a generic 500.
 */
export function fakeApi(
  answers: Record<string, { status: number; body: unknown }>,
  extraRoutes: string[] = [],
): RecordedCall[] {
  resetRoutes();
  const calls: RecordedCall[] = [];
  const table = Object.fromEntries(
    [...NAMES, ...extraRoutes].map((n) => [
      n,
      { method: n === 'auth_config' ? 'GET' : 'POST', path: `/ss_rest/${n}` },
    ]),
  );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/ss_rest/routes')
      return json(200, { success: true, message: 'OK', result: table });
    const name = url.replace(/^\/ss_rest\//, '').replace(/\?.*$/, '');
    calls.push({ name, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[name] ?? fail(500, 'internal', 'boom');
    return json(answer.status, answer.body);
  });
  return calls;
}
