import { describe, expect, test } from 'vitest';
import {
  CONNECTION_MESSAGES,
  CONNECTION_REQUEST_TTL_S,
} from '#shared/contracts/connections.schema';
import { connectUrl } from '../../../../lambdas/connections/core/connection-requests';
import {
  connectionStart,
  listProperties,
  OAUTH_STATE_TTL_S,
} from '../../../../lambdas/connections/core/oauth-flow';
import { sha256Hex } from '../../../../lambdas/connections/core/secrets';
import { caller, connectionsWorld, signedIn } from '../connection-fakes';

const gone = { code: 'request_gone', status: 410, message: CONNECTION_MESSAGES.requestGone };

async function link(w: Awaited<ReturnType<typeof connectionsWorld>>, cid = 'client-a') {
  const who = cid === 'client-b' ? caller('bob') : caller('alice');
  const out = await connectUrl(w.deps, who, { cid, email: '' });
  return new URL(out.connection_url).searchParams.get('xrg') as string;
}

describe('connection_start', () => {
  test('answers Google’s sign-in address and the client’s name; keeps the state only hashed', async () => {
    const w = await connectionsWorld();
    const xrg = await link(w);

    const out = await connectionStart(w.deps, { xrg, cid: 'client-a' });

    expect(out.client_name).toBe('Acme Mattress');
    const started = w.google.authorized[0];
    expect(out.authorize_url).toContain(`state=${started?.state}`);
    expect([...w.sessions.states.keys()]).toEqual([sha256Hex(started?.state as string)]);
    expect(JSON.stringify([...w.sessions.states.values()])).not.toContain(started?.state);
  });

  test.each([
    [
      'an unknown token',
      async (w: Awaited<ReturnType<typeof connectionsWorld>>) => ({
        xrg: 'A'.repeat(43),
        cid: 'client-a',
        prep: await link(w),
      }),
    ],
    [
      'a token of another client',
      async (w: Awaited<ReturnType<typeof connectionsWorld>>) => ({
        xrg: await link(w, 'client-b'),
        cid: 'client-a',
      }),
    ],
    [
      'a client that does not exist',
      async (w: Awaited<ReturnType<typeof connectionsWorld>>) => ({
        xrg: await link(w),
        cid: 'client-zz',
      }),
    ],
  ])('%s answers the one "link gone" error', async (_name, make) => {
    const w = await connectionsWorld();
    const { xrg, cid } = await make(w);

    await expect(connectionStart(w.deps, { xrg, cid })).rejects.toMatchObject(gone);
    expect(w.google.authorized).toEqual([]);
    expect(w.sessions.states.size).toBe(0);
  });

  test('an expired link answers "link gone"', async () => {
    const w = await connectionsWorld();
    const xrg = await link(w);
    w.advance(CONNECTION_REQUEST_TTL_S);

    await expect(connectionStart(w.deps, { xrg, cid: 'client-a' })).rejects.toMatchObject(gone);
  });
});

describe('list_properties', () => {
  test('lists what the Google user reads, with none ticked, and keeps the token only sealed', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);

    const out = await listProperties(w.deps, { code: s.code, state: s.state });

    expect(out.properties.map((p) => [p.gaid, p.gaurl, p.checked])).toEqual([
      ['1001', 'https://www.acme.com/', false],
      ['1002', 'https://shop.acme.com', false],
    ]);
    expect(out).toMatchObject({
      ga_email: 'ann@acme.com',
      client_id: 'client-a',
      client_name: 'Acme Mattress',
    });
    const stored = JSON.stringify([...w.sessions.grants.entries()]);
    expect(stored).not.toContain('rt-ann@acme.com');
    expect(stored).not.toContain(s.code);
  });

  test('a Google user with no properties gets an empty list (the page says No Views Found)', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w, { properties: [] });

    const out = await listProperties(w.deps, { code: s.code, state: s.state });

    expect(out.properties).toEqual([]);
  });

  test('a reload with the same code lists again without trading the code twice', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    const first = await listProperties(w.deps, { code: s.code, state: s.state });

    const again = await listProperties(w.deps, { code: s.code, state: s.state });

    expect(again).toEqual(first);
    expect(w.google.exchanges).toBe(1);
  });

  test('a reload with the code but another state answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    await listProperties(w.deps, { code: s.code, state: s.state });

    await expect(
      listProperties(w.deps, { code: s.code, state: 'forged-state' }),
    ).rejects.toMatchObject(gone);
  });

  test('a wrong state answers "link gone" and Google is not asked', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);

    await expect(
      listProperties(w.deps, { code: s.code, state: 'not-the-state' }),
    ).rejects.toMatchObject(gone);
    expect(w.google.exchanges).toBe(0);
  });

  test('a state is used once: a second code with it answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    await listProperties(w.deps, { code: s.code, state: s.state });
    const second = w.google.consent(s.state, 'eve@evil.test', 'code-2');

    await expect(listProperties(w.deps, { code: second, state: s.state })).rejects.toMatchObject(
      gone,
    );
  });

  test('a state older than 15 minutes answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    w.advance(OAUTH_STATE_TTL_S);

    await expect(listProperties(w.deps, { code: s.code, state: s.state })).rejects.toMatchObject(
      gone,
    );
  });

  test('a link cancelled during the sign-in answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    await w.requests.close('client-a', s.link.request_id, 'cancelled', w.deps.now());

    await expect(listProperties(w.deps, { code: s.code, state: s.state })).rejects.toMatchObject(
      gone,
    );
    expect(w.google.exchanges).toBe(0);
  });

  test('a code Google refuses answers "link gone", without Google’s words', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    w.google.codes.clear();

    await expect(listProperties(w.deps, { code: s.code, state: s.state })).rejects.toMatchObject(
      gone,
    );
  });

  test('a sign-in without lasting (offline) access is refused', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    w.google.consent(s.state, 'ann@acme.com', s.code, false);

    await expect(listProperties(w.deps, { code: s.code, state: s.state })).rejects.toMatchObject({
      code: 'google_failed',
    });
    expect(w.sessions.grants.size).toBe(0);
  });

  test('a cid naming another client answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);

    await expect(
      listProperties(w.deps, { code: s.code, state: s.state, cid: 'client-b' }),
    ).rejects.toMatchObject(gone);
  });
});
