import { vi } from 'vitest';
import { defaultReportSettings } from '#shared/contracts/report-session.schema';
import { resetRoutes } from '../../../web/src/api/client';

/** One call the browser made: route name and input (query for GET, body for POST). */
export interface SessionCall {
  name: string;
  input: Record<string, unknown>;
}

const GET_ROUTES = ['get_report_settings', 'saved_reports', 'get_saved_report'];
const POST_ROUTES = [
  'update_report_settings',
  'reset_settings',
  'update_default_report_settings',
  'save_report',
];

/** A success envelope. */
export const ok = (result: unknown) => ({
  status: 200,
  body: { success: true, message: 'OK', result },
});

/** An error envelope. */
export const fail = (status: number, code: string, message: string, field?: string) => ({
  status,
  body: { success: false, message, error: { code, message, field } },
});

/** A settings route's result for client-a. */
export function settingsResult(over: Record<string, unknown> = {}, saved = false) {
  return {
    client_uid: 'client-a',
    settings: { ...defaultReportSettings(), ...over },
    saved,
    updated_at: saved ? '2024-04-01T12:00:00.000Z' : null,
  };
}

/**
 * Stubs fetch with the report-session routes; `answer` decides each reply (it may wait, to hold
 * a call on the wire). Returns the calls made, in order (the route table fetch excluded).
 */
export function stubSessionApi(
  answer: (
    call: SessionCall,
  ) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown },
): SessionCall[] {
  resetRoutes();
  const calls: SessionCall[] = [];
  const table = Object.fromEntries([
    ...GET_ROUTES.map((n) => [n, { method: 'GET', path: `/ss_rest/${n}` }]),
    ...POST_ROUTES.map((n) => [n, { method: 'POST', path: `/ss_rest/${n}` }]),
  ]);
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/ss_rest/routes')
      return json(200, { success: true, message: 'OK', result: table });
    const parsed = new URL(url, 'http://localhost');
    const name = parsed.pathname.replace(/^\/ss_rest\//, '');
    const input = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(parsed.searchParams);
    const call = { name, input };
    calls.push(call);
    const reply = await answer(call);
    return json(reply.status, reply.body);
  });
  return calls;
}
