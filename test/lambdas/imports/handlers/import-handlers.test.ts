import type { APIGatewayProxyEventV2, Context, S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { acmeClient, type memoryDeps } from '../fakes';

const box = vi.hoisted(() => ({ deps: null as unknown as ReturnType<typeof memoryDeps> }));
vi.mock('../../../../lambdas/imports/adapters/import-deps', async () => {
  const { memoryDeps: make } = await import('../fakes');
  box.deps = make();
  return { buildImportDeps: () => box.deps };
});

const { handler: createUpload } = await import(
  '../../../../lambdas/imports/handlers/create-upload.handler'
);
const { handler: getImport } = await import(
  '../../../../lambdas/imports/handlers/get-import.handler'
);
const { handler: confirmImport } = await import(
  '../../../../lambdas/imports/handlers/confirm-import.handler'
);
const { handler: objectCreated } = await import(
  '../../../../lambdas/imports/handlers/object-created.handler'
);

const http = (sub: string, body: unknown, query?: Record<string, string>) =>
  ({
    routeKey: 'POST /x',
    body: body === undefined ? undefined : JSON.stringify(body),
    queryStringParameters: query,
    requestContext: { authorizer: { jwt: { claims: { sub } } } },
  }) as unknown as APIGatewayProxyEventV2;
const ctx = {} as Context;
const s3Event = (key: string) =>
  ({
    Records: [{ s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/') } } }],
  }) as unknown as S3Event;
const json = (res: { body?: string }) => JSON.parse(res.body ?? '{}');

beforeAll(async () => {
  await box.deps.companies.addMembership('alice', 'org-a');
  await box.deps.companies.addMembership('mallory', 'org-m');
});

describe('import handlers', () => {
  test('upload, S3 event, then get_import shows the review; another org gets 404', async () => {
    const created = json(
      await createUpload(
        http('alice', { kind: 'postlog', file_name: 'Acme.csv', content_type: 'text/csv' }),
        ctx,
      ),
    );
    const postlogId = created.result.postlog_id as string;
    const key = (await box.deps.jobs.get(postlogId))!.object_key;
    box.deps.uploads.objects.set(key, 'Station,Market,Date\nWABC,999,2016-06-01T20:00:00Z\n');

    await objectCreated(s3Event(key));
    const mine = await getImport(http('alice', undefined, { postlog_id: postlogId }), ctx);
    const theirs = await getImport(http('mallory', undefined, { postlog_id: postlogId }), ctx);
    const theirConfirm = await confirmImport(http('mallory', { postlog_id: postlogId }), ctx);

    expect(created.result.fields.key).toBe(key);
    expect(mine.statusCode).toBe(200);
    expect(json(mine).result).toMatchObject({ status: 'review', advertiser: 'Acme' });
    expect(json(mine).result.org_uid).toBeUndefined();
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).error.code).toBe('not_found');
    expect(theirConfirm.statusCode).toBe(404);
  });

  test('create_upload takes a foot-traffic file for a client, and names client_uid without one', async () => {
    await box.deps.companies.putClient(acmeClient('c-ft'));
    const input = { kind: 'foot_traffic', file_name: 'stores.csv', content_type: 'text/csv' };

    const ok = await createUpload(http('alice', { ...input, client_uid: 'c-ft' }), ctx);
    const noClient = await createUpload(http('alice', input), ctx);
    const badKind = await createUpload(http('alice', { ...input, kind: 'weather' }), ctx);

    expect(ok.statusCode).toBe(200);
    const job = await box.deps.jobs.get(json(ok).result.postlog_id);
    expect(job).toMatchObject({ kind: 'foot_traffic', client_uid: 'c-ft' });
    expect(noClient.statusCode).toBe(400);
    expect(json(noClient).error).toMatchObject({
      field: 'client_uid',
      message: 'Choose the client this foot traffic belongs to.',
    });
    expect(badKind.statusCode).toBe(400);
    expect(json(badKind).error.field).toBe('kind');
  });

  test('create_upload without a file name names the field', async () => {
    const res = await createUpload(http('alice', { kind: 'postlog', file_name: '' }), ctx);

    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatchObject({
      field: 'file_name',
      message: 'Choose a file to upload.',
    });
  });
});
