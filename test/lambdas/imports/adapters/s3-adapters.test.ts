import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3Lake } from '../../../../lambdas/imports/adapters/s3-lake';
import { S3Uploads } from '../../../../lambdas/imports/adapters/s3-uploads';
import { csvRecords } from '../../../../lambdas/imports/core/csv-records';
import { FootTrafficBuilder } from '../../../../lambdas/imports/core/foot-traffic-builder';
import { VisitsBuilder } from '../../../../lambdas/imports/core/parse-visits';

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
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 adapters on s3rver', () => {
  test('a presigned PUT from the browser lands where the import reads it', async () => {
    const uploads = new S3Uploads(s3, 'uploads');
    const key = 'uploads/org-a/id1/log.csv';
    const { url, headers } = await uploads.presignPut(key, 'text/csv', 60);

    const put = await fetch(url, {
      method: 'PUT',
      headers,
      body: 'Station,Date\r\nWABC,"6/1/2016, 8 PM"\r\n',
    });
    const records = [];
    for await (const r of csvRecords(await uploads.read(key))) records.push(r);

    expect(put.status).toBe(200);
    expect(records).toEqual([
      ['Station', 'Date'],
      ['WABC', '6/1/2016, 8 PM'],
    ]);
  });

  test('lake partitions: absent reads as empty, written ones read back', async () => {
    const lake = new S3Lake(s3, 'lake');
    const b = new VisitsBuilder('minute');
    b.add(1464795000, '501', 1, 0, 2);

    expect(await lake.readAirings('c1', '2016-06-01')).toEqual([]);
    expect(await lake.readVisits('c1', 'minute', '2016-06-01')).toBeNull();
    await lake.writeVisits('c1', 'minute', '2016-06-01', b.build());
    expect((await lake.readVisits('c1', 'minute', '2016-06-01'))?.pageviews).toEqual(
      new Float64Array([2]),
    );
  });

  test('foot-traffic partitions: absent reads as null, written ones read back apart from visits', async () => {
    const lake = new S3Lake(s3, 'lake');
    const b = new FootTrafficBuilder('hour');
    b.add(1464793200, 'Store #12', '501', 37);

    expect(await lake.readFootTraffic('c1', 'hour', '2016-06-01')).toBeNull();
    await lake.writeFootTraffic('c1', 'hour', '2016-06-01', b.build());
    const back = await lake.readFootTraffic('c1', 'hour', '2016-06-01');

    expect(back?.locationIds).toEqual(['Store #12']);
    expect(back?.visits).toEqual(new Float64Array([37]));
    expect(await lake.readVisits('c1', 'hour', '2016-06-01')).toBeNull();
  });
});
