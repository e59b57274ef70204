import { describe, expect, test } from 'vitest';
import { CONNECTION_REQUEST_TTL_S } from '#shared/contracts/connections.schema';
import { Conflict, Forbidden, NotFound } from '#shared/errors';
import {
  cancelRequest,
  connectUrl,
  MAX_OPEN_REQUESTS,
} from '../../../../lambdas/connections/core/connection-requests';
import { connectionStart } from '../../../../lambdas/connections/core/oauth-flow';
import { sha256Hex } from '../../../../lambdas/connections/core/secrets';
import { caller, connectionsWorld, NOW } from '../connection-fakes';

describe('connect_url', () => {
  test('makes a single link naming the client, stores only the token’s hash, and mails it', async () => {
    const w = await connectionsWorld();

    const out = await connectUrl(w.deps, caller('alice'), {
      cid: 'client-a',
      email: 'ann@acme.com',
    });

    const url = new URL(out.connection_url);
    const xrg = url.searchParams.get('xrg') as string;
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example.com/start_connection');
    expect(url.searchParams.get('cid')).toBe('client-a');
    const [stored] = await w.requests.list('client-a');
    expect(stored?.token_hash).toBe(sha256Hex(xrg));
    expect(JSON.stringify(stored)).not.toContain(xrg);
    expect(out.expires_at).toBe(
      new Date(NOW.getTime() + CONNECTION_REQUEST_TTL_S * 1000).toISOString(),
    );
    expect(out.mailed_to).toBe('ann@acme.com');
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]?.to).toBe('ann@acme.com');
    expect(w.sent[0]?.text).toContain(out.connection_url);
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('almost_connected');
  });

  test('without an e-mail nothing is mailed', async () => {
    const w = await connectionsWorld();

    const out = await connectUrl(w.deps, caller('amy'), { cid: 'client-a', email: '' });

    expect(out.mailed_to).toBeNull();
    expect(w.sent).toEqual([]);
  });

  test('another customer’s client answers 404 and nothing is stored or mailed', async () => {
    const w = await connectionsWorld();

    await expect(
      connectUrl(w.deps, caller('bob'), { cid: 'client-a', email: 'x@evil.test' }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await w.requests.list('client-a')).toEqual([]);
    expect(w.sent).toEqual([]);
  });

  test('a client the caller may only view answers 403', async () => {
    const w = await connectionsWorld();

    await expect(
      connectUrl(w.deps, caller('alice'), { cid: 'demo-1', email: '' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await w.requests.list('demo-1')).toEqual([]);
  });

  test(`refuses an eleventh open link (at most ${MAX_OPEN_REQUESTS})`, async () => {
    const w = await connectionsWorld();
    for (let i = 0; i < MAX_OPEN_REQUESTS; i++)
      await connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: '' });

    await expect(
      connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: 'x@acme.com' }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(await w.requests.list('client-a')).toHaveLength(MAX_OPEN_REQUESTS);
    expect(w.sent).toEqual([]);
  });
});

describe('garequest_cancel', () => {
  test('a cancelled link no longer starts a sign-in', async () => {
    const w = await connectionsWorld();
    const link = await connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: '' });
    const xrg = new URL(link.connection_url).searchParams.get('xrg') as string;

    const out = await cancelRequest(w.deps, caller('alice'), {
      cid: 'client-a',
      request_id: link.request_id,
    });

    expect(out.status).toBe('cancelled');
    await expect(connectionStart(w.deps, { xrg, cid: 'client-a' })).rejects.toMatchObject({
      code: 'request_gone',
      status: 410,
    });
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('not_connected');
  });

  test('cancelling twice answers 409', async () => {
    const w = await connectionsWorld();
    const link = await connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: '' });
    const input = { cid: 'client-a', request_id: link.request_id };
    await cancelRequest(w.deps, caller('alice'), input);

    await expect(cancelRequest(w.deps, caller('alice'), input)).rejects.toBeInstanceOf(Conflict);
  });

  test('another customer cannot cancel (404) and the link still works', async () => {
    const w = await connectionsWorld();
    const link = await connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: '' });

    await expect(
      cancelRequest(w.deps, caller('bob'), { cid: 'client-a', request_id: link.request_id }),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await w.requests.list('client-a'))[0]?.status).toBe('open');
  });

  test('a request of another client answers 404', async () => {
    const w = await connectionsWorld();
    const link = await connectUrl(w.deps, caller('bob'), { cid: 'client-b', email: '' });

    await expect(
      cancelRequest(w.deps, caller('alice'), { cid: 'client-a', request_id: link.request_id }),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await w.requests.list('client-b'))[0]?.status).toBe('open');
  });
});
