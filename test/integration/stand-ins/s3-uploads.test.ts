import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from '../../../lib/local/s3';
import { UploadNotifications } from '../../../lib/local/upload-events';
import { callsOf, eventually } from '../support/calls';

const ORIGIN = 'http://127.0.0.1:4999';
let dir: string;
let s3: LocalS3;
let client: S3Client;
let notifications: UploadNotifications;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ao-s3-'));
  notifications = new UploadNotifications(
    LOCAL_BUCKETS.uploads,
    () => {},
    'test/integration/support/object-created.handler.ts',
  );
  s3 = await startS3({
    dir,
    port: 0,
    corsOrigins: [ORIGIN],
    onRecord: (r) => notifications.onRecord(r),
    log: () => {},
  });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client.destroy();
  await notifications.idle();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a presigned browser PUT under uploads/ invokes the import worker with an AWS-shaped event', async () => {
  const key = 'uploads/org-1/pl-1/Spring post log.csv';
  const url = await getSignedUrl(
    client,
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

  await client.send(
    new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'other/x.csv', Body: 'x' }),
  );
  await client.send(
    new PutObjectCommand({
      Bucket: LOCAL_BUCKETS.lake,
      Key: 'airings/client_uid=c/date=2016-09-01/airings.parquet',
      Body: 'p',
    }),
  );
  await notifications.idle();

  expect(callsOf('object-created').length).toBe(before);
  expect(
    readdirSync(join(s3.bucketDir(LOCAL_BUCKETS.lake), 'airings/client_uid=c/date=2016-09-01')),
  ).toContain('airings.parquet._S3rver_object');
});

test('the uploads bucket allows a cross-origin PUT from the gateway origin only', async () => {
  const preflight = (origin: string) =>
    fetch(`${s3.endpoint}/${LOCAL_BUCKETS.uploads}/uploads/x.csv`, {
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
