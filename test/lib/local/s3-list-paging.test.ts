import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { expect, test } from 'vitest';
import { partitionKey } from '#shared/lake';
import { S3Lake } from '../../../lambdas/imports/adapters/s3-lake';
import { LOCAL_BUCKETS } from '../../../lib/local/s3';
import { s3LocalForFile } from '../../support/s3-local';

const local = s3LocalForFile({ name: 's3-paging', corsOrigin: 'http://127.0.0.1:5173' });

/** `n` UTC days from 2015-01-01. */
const days = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2015, 0, 1 + i)).toISOString().slice(0, 10),
  );

test('a dataset of more than 1,000 partitions lists whole on the local S3, page after page, as on S3', async () => {
  // 14 months of visits in three generations: 1,281 objects, over S3's 1,000 keys a page.
  const all = days(427);
  for (const gen of ['visits', 'ga', 'gb']) {
    for (let i = 0; i < all.length; i += 50) {
      await Promise.all(
        all.slice(i, i + 50).map((day) =>
          local.client.send(
            new PutObjectCommand({
              Bucket: LOCAL_BUCKETS.lake,
              Key: partitionKey('c1', 'visits/minute', day, gen),
              Body: 'x',
            }),
          ),
        ),
      );
    }
  }
  const lake = new S3Lake(local.client, LOCAL_BUCKETS.lake);

  const listed = await lake.listDates('c1', 'visits/minute', 'gb');
  const firstPage = await local.client.send(
    new ListObjectsV2Command({ Bucket: LOCAL_BUCKETS.lake, Prefix: 'visits/', MaxKeys: 1000 }),
  );

  expect(listed).toEqual(all);
  expect(firstPage).toMatchObject({ IsTruncated: true, KeyCount: 1000 });
  expect(firstPage.NextContinuationToken).toBeTruthy();
}, 120_000);
