import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { S3Uploads } from '../../../lambdas/imports/adapters/s3-uploads';
import { LOCAL_BUCKETS } from '../../../lib/local/s3';
import { s3LocalForFile } from '../../support/s3-local';
import { callsOf, eventually } from '../support/calls';

const ORIGIN = 'http://127.0.0.1:4998';
const local = s3LocalForFile({
  name: 's3-post',
  corsOrigin: ORIGIN,
  objectCreatedHandler: 'test/integration/support/object-created.handler.ts',
});

/** Posts `bytes` bytes as the browser does, with the presigned fields (some overridden). */
async function post(
  key: string,
  bytes: number,
  opts: { maxBytes?: number; now?: Date; override?: Record<string, string> } = {},
) {
  const uploads = new S3Uploads(local.client, LOCAL_BUCKETS.uploads, () => opts.now ?? new Date());
  const { url, fields } = await uploads.presignPost(key, 'text/csv', opts.maxBytes ?? 100, 900);
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...opts.override })) {
    form.append(name, value);
  }
  form.append('file', new Blob(['x'.repeat(bytes)], { type: 'text/csv' }), 'f.csv');
  const res = await fetch(url, { method: 'POST', body: form, headers: { Origin: ORIGIN } });
  return {
    status: res.status,
    body: await res.text(),
    cors: res.headers.get('access-control-allow-origin'),
  };
}

const stored = (key: string) =>
  existsSync(join(local.s3.bucketDir(LOCAL_BUCKETS.uploads), `${key}._S3rver_object`));
const eventsFor = (key: string) =>
  callsOf<S3Event>('object-created').filter((e) => e.Records[0]?.s3.object.key === key);

describe("the local uploads bucket honours a presigned POST's policy, as S3 does", () => {
  test('a file within the size range is stored and starts the import worker', async () => {
    const key = 'uploads/org-1/pl-ok/f.csv';

    const res = await post(key, 100);

    expect(res.status).toBe(204);
    const event = await eventually(() => eventsFor(key)[0]);
    expect(event.Records[0]?.s3.object.size).toBe(100);
  });

  test('a file over content-length-range is refused and never stored', async () => {
    const key = 'uploads/org-1/pl-big/f.csv';

    const res = await post(key, 101);
    await local.notifications.idle();

    expect(res.status).toBe(400);
    expect(res.body).toContain('<Code>EntityTooLarge</Code>');
    expect(res.cors).toBe(ORIGIN);
    expect(stored(key)).toBe(false);
    expect(eventsFor(key)).toEqual([]);
  });

  test.each([
    ['another key', { key: 'uploads/org-2/pl-x/f.csv' }, 403, 'AccessDenied'],
    [
      'a tampered policy',
      { Policy: Buffer.from('{"conditions":[]}').toString('base64') },
      403,
      'SignatureDoesNotMatch',
    ],
    ['an extra field', { 'x-amz-meta-owner': 'mallory' }, 403, 'AccessDenied'],
  ] as [string, Record<string, string>, number, string][])(
    'a POST with %s is refused',
    async (_, override, status, code) => {
      const key = `uploads/org-1/pl-${code}-${status}/f.csv`;

      const res = await post(key, 10, { override });
      await local.notifications.idle();

      expect(res.status).toBe(status);
      expect(res.body).toContain(`<Code>${code}</Code>`);
      expect(stored(key)).toBe(false);
      expect(stored(override.key ?? key)).toBe(false);
    },
  );

  test('an expired policy is refused', async () => {
    const key = 'uploads/org-1/pl-old/f.csv';

    const res = await post(key, 10, { now: new Date(Date.now() - 3600_000) });

    expect(res.status).toBe(403);
    expect(res.body).toContain('Policy expired');
    expect(stored(key)).toBe(false);
  });

  test('the bucket lets the gateway origin POST cross-origin', async () => {
    const preflight = await fetch(`${local.s3.endpoint}/${LOCAL_BUCKETS.uploads}/`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });

    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
