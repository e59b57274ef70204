import { describe, expect, test } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { makeHandler as connectionStart } from '../../../../lambdas/connections/handlers/connection-start.handler';
import { makeHandler as createProperties } from '../../../../lambdas/connections/handlers/create-properties.handler';
import { makeHandler as listProperties } from '../../../../lambdas/connections/handlers/list-properties.handler';
import { connectionsWorld } from '../connection-fakes';
import { call, GONE, journey } from './route-calls';

describe('list_properties', () => {
  test('lists the properties; a reload answers the same; a wrong state answers 410', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);

    const first = await call(listProperties, w.deps, 'list_properties', { code, state });
    const reload = await call(listProperties, w.deps, 'list_properties', { code, state });
    const forged = await call(listProperties, w.deps, 'list_properties', { code, state: 'forged' });

    expect(first.status).toBe(200);
    expect(first.result?.properties).toHaveLength(2);
    expect(reload.result).toEqual(first.result);
    expect(forged).toMatchObject(GONE);
    expect(JSON.stringify(first)).not.toContain('rt-ann');
  });

  test('a Google user with no properties gets properties: []', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w, []);

    const res = await call(listProperties, w.deps, 'list_properties', { code, state });

    expect(res.status).toBe(200);
    expect(res.result?.properties).toEqual([]);
  });
});

describe('create_properties', () => {
  test('connects; the same code again answers 410; nothing leaks the grant', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });

    const ok = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const reused = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1002'],
      client_id: 'client-a',
    });

    expect(ok.status).toBe(200);
    expect(ok.result).toMatchObject({ client_id: 'client-a', property_ids: ['1001'] });
    expect(reused).toMatchObject(GONE);
    expect(JSON.stringify(ok)).not.toMatch(/rt-ann|gcm1:/);
    expect(w.queued).toEqual([{ client_uid: 'client-a', property_id: '1001', reason: 'backfill' }]);
  });

  test('gaids the grant did not list are refused (400, field gaids); none ticked too', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });

    const foreign = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['9999'],
      client_id: 'client-a',
    });
    const none = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: [],
      client_id: 'client-a',
    });

    expect(foreign).toMatchObject({ status: 400, error: { field: 'gaids' } });
    expect(none).toMatchObject({ status: 400, message: CONNECTION_MESSAGES.pickOne });
    expect(await w.connections.listConnections('client-a')).toEqual([]);
  });

  test('a used link answers 410 even with a fresh sign-in', async () => {
    const w = await connectionsWorld();
    const { code, state, xrg } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });
    await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });

    const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect(start).toMatchObject(GONE);
  });
});
