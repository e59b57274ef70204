import type { APIGatewayProxyEventV2, Context, S3Event } from 'aws-lambda';
import { beforeEach, describe, expect, test } from 'vitest';
import { makeHandler as makeCreate } from '../../../../lambdas/drops/handlers/create-drop.handler';
import { makeHandler as makeObjectCreated } from '../../../../lambdas/drops/handlers/drop-object-created.handler';
import { makeHandler as makeList } from '../../../../lambdas/drops/handlers/list-drops.handler';
import { makeHandler as makeRevoke } from '../../../../lambdas/drops/handlers/revoke-drop.handler';
import { dropWorld } from '../fakes';

const http = (sub: string, body: unknown, query?: Record<string, string>) =>
  ({
    routeKey: 'POST /x',
    body: body === undefined ? undefined : JSON.stringify(body),
    queryStringParameters: query,
    requestContext: {
      authorizer: { jwt: { claims: { sub, email: `${sub}@a.example`, email_verified: 'true' } } },
    },
  }) as unknown as APIGatewayProxyEventV2;
const ctx = {} as Context;
const json = (res: { body?: string }) => JSON.parse(res.body ?? '{}');
const s3Event = (key: string) =>
  ({
    Records: [{ s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/') } } }],
  }) as unknown as S3Event;

let world: Awaited<ReturnType<typeof dropWorld>>;
let create: ReturnType<typeof makeCreate>;
let list: ReturnType<typeof makeList>;
let revoke: ReturnType<typeof makeRevoke>;
beforeEach(async () => {
  world = await dropWorld();
  create = makeCreate(world.routeDeps);
  list = makeList(world.routeDeps);
  revoke = makeRevoke(world.routeDeps);
});

describe('drop route handlers', () => {
  test('create_drop: the owner gets the drop and its folder; a member 403; another org 404', async () => {
    const input = { client_uid: 'c-acme', label: 'WXYZ traffic' };

    const member = await create(http('mia', input), ctx);
    const stranger = await create(http('rita', input), ctx);
    const owner = await create(http('olga', input), ctx);

    expect(member.statusCode).toBe(403);
    expect(stranger.statusCode).toBe(404);
    expect(owner.statusCode).toBe(200);
    expect(json(owner).result.connection).toEqual({
      mode: 'folder',
      path: '/drops/org-a/c-acme/',
    });
    expect(world.drops.drops.size).toBe(1);
  });

  test('create_drop: bad input is a 400 naming the field, nothing stored', async () => {
    const res = await create(
      http('olga', { label: 'x', client_uid: 'c-acme', ssh_public_key: 'abc' }),
      ctx,
    );

    expect(res.statusCode).toBe(400);
    expect(json(res).error.field).toBe('ssh_public_key');
    expect(world.drops.drops.size).toBe(0);
  });

  test('list_drops: the owner lists them with last use; a member 403; another org 404', async () => {
    await create(http('olga', { client_uid: 'c-acme', label: 'WXYZ' }), ctx);

    const owner = await list(http('olga', undefined, { organization_uid: 'org-a' }), ctx);
    const member = await list(http('mia', undefined, { organization_uid: 'org-a' }), ctx);
    const stranger = await list(http('rita', undefined, { organization_uid: 'org-a' }), ctx);

    expect(owner.statusCode).toBe(200);
    expect(json(owner).result.drops).toEqual([
      expect.objectContaining({ label: 'WXYZ', status: 'active', last_used_at: null }),
    ]);
    expect(JSON.stringify(json(owner))).not.toContain('created_by"');
    expect(member.statusCode).toBe(403);
    expect(stranger.statusCode).toBe(404);
  });

  test('revoke_drop: another org 404 and the drop stays; the owner revokes it', async () => {
    const made = json(await create(http('olga', { client_uid: 'c-acme', label: 'WXYZ' }), ctx));
    const dropId = made.result.drop.drop_id as string;

    const stranger = await revoke(http('rita', { drop_id: dropId }), ctx);
    const stillActive = await world.drops.active('org-a', 'c-acme');
    const owner = await revoke(http('olga', { drop_id: dropId }), ctx);

    expect(stranger.statusCode).toBe(404);
    expect(stillActive).not.toBeNull();
    expect(owner.statusCode).toBe(200);
    expect(json(owner).result.drop.status).toBe('revoked');
  });

  test('the S3 event handler imports a dropped file once and ignores a revoked drop', async () => {
    const objectCreated = makeObjectCreated(world.fileDeps);
    const made = json(await create(http('olga', { client_uid: 'c-acme', label: 'WXYZ' }), ctx));
    const csv =
      'Advertiser,Station,Market,Air Date,Air Time,ISCI,Length,Cost\nAcme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100\n';
    world.objects.set('drops/org-a/c-acme/june 1.csv', csv);

    const first = await objectCreated(s3Event('drops/org-a/c-acme/june 1.csv'));
    const retried = await objectCreated(s3Event('drops/org-a/c-acme/june 1.csv'));
    await revoke(http('olga', { drop_id: made.result.drop.drop_id }), ctx);
    world.objects.set('drops/org-a/c-acme/late.csv', csv);
    const late = await objectCreated(s3Event('drops/org-a/c-acme/late.csv'));

    expect(first).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect(retried).toEqual([expect.objectContaining({ outcome: 'duplicate' })]);
    expect(late).toEqual([expect.objectContaining({ outcome: 'ignored' })]);
    expect(world.imports.lake.allAirings('c-acme')).toHaveLength(1);
    expect(world.mails).toHaveLength(1);
  });
});
