import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Event } from 'aws-lambda';
import { expect, test } from 'vitest';
import { LOCAL_BUCKETS } from '../../../lib/local/s3';
import { s3LocalForFile } from '../../support/s3-local';
import { callsOf, eventually } from '../support/calls';

const ORIGIN = 'http://127.0.0.1:4999';
const local = s3LocalForFile({
  name: 's3',
  corsOrigin: ORIGIN,
  objectCreatedHandler: 'test/integration/support/object-created.handler.ts',
});

test('a presigned browser PUT under uploads/ invokes the import worker with an AWS-shaped event', async () => {
  const key = 'uploads/org-1/pl-1/Spring post log.csv';
  const url = await getSignedUrl(
    local.client,
    new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: key, ContentType: 'text/csv' }),
  );

  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'text/csv' },
    body: 'a,b\n1,2\n',
  });

  expect(put.status).toBe(200);
  const event = await eventually(() => callsOf<S3Event>('object-created')[0]);
  const record = event.Records[0]!;
  expect(record.eventName).toBe('ObjectCreated:Put');
  expect(record.s3.bucket.name).toBe(LOCAL_BUCKETS.uploads);
  expect(record.s3.object.key).toBe('uploads/org-1/pl-1/Spring+post+log.csv');
  expect(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))).toBe(key);
  expect(record.s3.object.size).toBe(8);
});

test('objects outside uploads/ or in other buckets start nothing, and land where DuckDB reads them', async () => {
  const before = callsOf('object-created').length;

  await local.client.send(
    new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'other/x.csv', Body: 'x' }),
  );
  await local.client.send(
    new PutObjectCommand({
      Bucket: LOCAL_BUCKETS.lake,
      Key: 'airings/client_uid=c/date=2016-09-01/airings.parquet',
      Body: 'p',
    }),
  );
  await local.notifications.idle();

  expect(callsOf('object-created').length).toBe(before);
  expect(
    readdirSync(
      join(local.s3.bucketDir(LOCAL_BUCKETS.lake), 'airings/client_uid=c/date=2016-09-01'),
    ),
  ).toContain('airings.parquet._S3rver_object');
});

test('the uploads bucket allows a cross-origin PUT from the gateway origin only', async () => {
  const preflight = (origin: string) =>
    fetch(`${local.s3.endpoint}/${LOCAL_BUCKETS.uploads}/uploads/x.csv`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  const allowed = await preflight(ORIGIN);
  const denied = await preflight('http://evil.example');

  expect(allowed.status).toBe(200);
  // s3rver echoes `*` rather than the origin once a rule matches.
  expect(allowed.headers.get('access-control-allow-origin')).toMatch(
    /^(\*|http:\/\/127\.0\.0\.1:4999)$/,
  );
  expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
  expect(denied.status).toBe(403);
});
