import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3Lake } from '../../../../lambdas/imports/adapters/s3-lake';
import { postPolicySignature, S3Uploads } from '../../../../lambdas/imports/adapters/s3-uploads';
import { csvRecords } from '../../../../lambdas/imports/core/csv-records';
import { FootTrafficBuilder } from '../../../../lambdas/imports/core/foot-traffic-builder';
import { VisitsBuilder } from '../../../../lambdas/imports/core/parse-visits';
import { localS3Client } from '../../../support/s3-local';

const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
let server: { close(): Promise<void> };
let s3: S3Client;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'uploads' }, { name: 'lake' }],
  });
  const { port } = await (server as unknown as { run(): Promise<{ port: number }> }).run();
  s3 = localS3Client(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 adapters on s3rver', () => {
  test('a presigned POST from the browser lands where the import reads it, with its size', async () => {
    const uploads = new S3Uploads(s3, 'uploads');
    const key = 'uploads/org-a/id1/log.csv';
    const text = 'Station,Date\r\nWABC,"6/1/2016, 8 PM"\r\n';
    const { url, fields } = await uploads.presignPost(key, 'text/csv', 1000, 60);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([text], { type: 'text/csv' }), 'log.csv');

    const post = await fetch(url, { method: 'POST', body: form });
    const { bytes, body } = await uploads.read(key);
    const records = [];
    for await (const r of csvRecords(body)) records.push(r);

    expect(post.status).toBe(204);
    expect(bytes).toBe(text.length);
    expect(records).toEqual([
      ['Station', 'Date'],
      ['WABC', '6/1/2016, 8 PM'],
    ]);
  });

  test('a POST policy is signed with the SigV4 key chain (secret, day, region, service)', () => {
    const policy = Buffer.from('alpha').toString('base64');

    expect(postPolicySignature(policy, 'bravo', 'charlie', 'delta', 'echo')).toBe(
      '7b9d11447e7bba48ef0d530f49d82de8adfd7b7ae064b144e6ac60d82166e4a6',
    );
  });

  test('the POST policy caps the size, names the key and content type, and is signed', async () => {
    const uploads = new S3Uploads(s3, 'uploads', () => new Date('2026-01-05T12:00:00Z'));

    const { fields } = await uploads.presignPost('uploads/o/i/f.csv', 'text/csv', 5000, 900);

    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
    expect(policy.expiration).toBe('2026-01-05T12:15:00.000Z');
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5000],
        { key: 'uploads/o/i/f.csv' },
        { 'Content-Type': 'text/csv' },
        { bucket: 'uploads' },
      ]),
    );
    expect(fields['X-Amz-Credential']).toBe('S3RVER/20260105/us-east-1/s3/aws4_request');
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  test('lake partitions: absent reads as empty, written ones read back', async () => {
    const lake = new S3Lake(s3, 'lake');
    const b = new VisitsBuilder('minute');
    b.add(1464795000, '501', 1, 0, 2);

    expect(await lake.readAirings('c1', 'g1', '2016-06-01')).toEqual([]);
    expect(await lake.readVisits('c1', 'minute', 'g1', '2016-06-01')).toBeNull();
    await lake.writeVisits('c1', 'minute', 'g1', '2016-06-01', b.build());
    expect((await lake.readVisits('c1', 'minute', 'g1', '2016-06-01'))?.pageviews).toEqual(
      new Float64Array([2]),
    );
    expect(await lake.readVisits('c1', 'minute', 'g2', '2016-06-01')).toBeNull();
  });

  test('foot-traffic partitions: absent reads as null, written ones read back apart from visits', async () => {
    const lake = new S3Lake(s3, 'lake');
    const b = new FootTrafficBuilder('hour');
    b.add(1464793200, 'Store #12', '501', 37);

    expect(await lake.readFootTraffic('c1', 'hour', 'g1', '2016-06-01')).toBeNull();
    await lake.writeFootTraffic('c1', 'hour', 'g1', '2016-06-01', b.build());
    const back = await lake.readFootTraffic('c1', 'hour', 'g1', '2016-06-01');

    expect(back?.locationIds).toEqual(['Store #12']);
    expect(back?.visits).toEqual(new Float64Array([37]));
    expect(await lake.readVisits('c1', 'hour', 'g1', '2016-06-01')).toBeNull();
  });

  test('a generation is listed, copied and deleted by itself, beside others in the same folders', async () => {
    const lake = new S3Lake(s3, 'lake');
    const b = new VisitsBuilder('hour');
    b.add(1464793200, '501', 5, 1, 6);
    const v = b.build();
    for (const date of ['2016-07-01', '2016-07-02'])
      await lake.writeVisits('c3', 'hour', 'g1', date, v);
    await lake.writeVisits('c3', 'hour', 'g9', '2016-07-03', v);

    await lake.copyPartition('c3', 'visits/hour', '2016-07-02', 'g1', 'g2');
    await lake.deleteGeneration('c3', 'visits/hour', 'g1');

    expect(await lake.listDates('c3', 'visits/hour', 'g1')).toEqual([]);
    expect(await lake.listDates('c3', 'visits/hour', 'g2')).toEqual(['2016-07-02']);
    expect(await lake.listDates('c3', 'visits/hour', 'g9')).toEqual(['2016-07-03']);
    expect((await lake.readVisits('c3', 'hour', 'g2', '2016-07-02'))?.sessions).toEqual(
      new Float64Array([5]),
    );
  });
});
