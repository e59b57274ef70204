import { describe, expect, test } from 'vitest';
import { makeHandler as connectUrl } from '../../../../lambdas/connections/handlers/connect-url.handler';
import { makeHandler as connectionStart } from '../../../../lambdas/connections/handlers/connection-start.handler';
import { makeHandler as garequestCancel } from '../../../../lambdas/connections/handlers/garequest-cancel.handler';
import { connectionsWorld } from '../connection-fakes';
import { call, GONE, journey } from './route-calls';

describe('connect_url', () => {
  test('answers the link for an editor; 401 signed out; 404 for another customer; 403 read-only', async () => {
    const w = await connectionsWorld();

    const ok = await call(
      connectUrl,
      w.deps,
      'connect_url',
      { cid: 'client-a', email: 'ann@acme.com' },
      'alice',
    );
    const out = await call(connectUrl, w.deps, 'connect_url', { cid: 'client-a' });
    const other = await call(connectUrl, w.deps, 'connect_url', { cid: 'client-a' }, 'bob');
    const demo = await call(connectUrl, w.deps, 'connect_url', { cid: 'demo-1' }, 'alice');

    expect(ok.status).toBe(200);
    expect(String(ok.result?.connection_url)).toMatch(
      /^https:\/\/app\.example\.com\/start_connection\?xrg=[\w-]{20,}&cid=client-a$/,
    );
    expect(ok.result?.mailed_to).toBe('ann@acme.com');
    expect([out.status, other.status, demo.status]).toEqual([401, 404, 403]);
    expect(await w.requests.list('client-a')).toHaveLength(1);
  });

  test('a bad e-mail is refused naming the field', async () => {
    const w = await connectionsWorld();

    const res = await call(
      connectUrl,
      w.deps,
      'connect_url',
      { cid: 'client-a', email: 'not-mail' },
      'alice',
    );

    expect(res.status).toBe(400);
    expect(res.error?.field).toBe('email');
  });
});

describe('garequest_cancel', () => {
  test('cancels for an editor, then the link answers 410; 404 for another customer', async () => {
    const w = await connectionsWorld();
    const { link, xrg } = await journey(w);
    const request_id = link.result?.request_id;

    const other = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'bob',
    );
    const ok = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'amy',
    );
    const again = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'amy',
    );
    const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect([other.status, ok.status, again.status]).toEqual([404, 200, 409]);
    expect(start).toMatchObject(GONE);
  });
});

describe('connection_start', () => {
  test('answers Google’s address without signing in', async () => {
    const w = await connectionsWorld();
    const { start } = await journey(w);

    expect(start.status).toBe(200);
    expect(start.result?.client_name).toBe('Acme Mattress');
    expect(String(start.result?.authorize_url)).toContain('code_challenge=');
  });

  test('an expired link answers 410 with the spec’s message', async () => {
    const w = await connectionsWorld();
    const { xrg } = await journey(w);
    w.advance(8 * 24 * 3600);

    const res = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect(res).toMatchObject(GONE);
  });

  test('a malformed token is refused naming xrg', async () => {
    const w = await connectionsWorld();

    const res = await call(connectionStart, w.deps, 'connection_start', {
      xrg: 'short',
      cid: 'client-a',
    });

    expect(res.status).toBe(400);
    expect(res.error?.field).toBe('xrg');
  });
});
