import { vi } from 'vitest';
import { resetRoutes } from '../../../web/src/api/client';

/** One recorded call: the route name and its input (JSON body, or query for GET). */
export interface ReportCall {
  name: string;
  input: Record<string, unknown>;
}

/** An answer: a result (success envelope) or an error envelope (HTTP status, field named). */
export type Answer =
  | { result: unknown }
  | { status: number; code: string; message: string; field?: string };

/** A route's answer, fixed or computed per call; a Promise answer holds the response back. */
export type Responder = Answer | ((input: Record<string, unknown>) => Answer | Promise<Answer>);

const GETS = new Set(['get_report', 'queue_monitor', 'auth_config']);

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stubs fetch with the report screen's route table and per-route answers (test-only). Routes
 * without an answer fail with a 500 envelope. Returns the calls made (the table excluded).
 */
export function fakeReportApi(answers: Record<string, Responder>): ReportCall[] {
  resetRoutes();
  const calls: ReportCall[] = [];
  const names = [...new Set([...Object.keys(answers), 'auth_config', 'fetch_user'])];
  const table = Object.fromEntries(
    names.map((n) => [n, { method: GETS.has(n) ? 'GET' : 'POST', path: `/ss_rest/${n}` }]),
  );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/ss_rest/routes') return json(200, { success: true, result: table });
    const parsed = new URL(url, 'http://test');
    const name = parsed.pathname.replace(/^\/ss_rest\//, '');
    const input = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(parsed.searchParams);
    calls.push({ name, input });
    const responder = answers[name];
    const answer = typeof responder === 'function' ? await responder(input) : responder;
    if (!answer) return json(500, { success: false, error: { code: 'internal', message: 'boom' } });
    if ('result' in answer)
      return json(200, { success: true, message: 'OK', result: answer.result });
    return json(answer.status, {
      success: false,
      message: answer.message,
      error: { code: answer.code, message: answer.message, field: answer.field },
    });
  });
  return calls;
}

/** A promise with its resolve function, to hold an answer back until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
