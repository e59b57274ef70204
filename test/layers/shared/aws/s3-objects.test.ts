import { PutObjectCommand } from '@aws-sdk/client-s3';
import { expect, test } from 'vitest';
import { getBytesOrNull, listKeys } from '#shared/aws/s3-objects';
import { LOCAL_BUCKETS } from '../../../../lib/local/s3';
import { s3LocalForFile } from '../../../support/s3-local';

const local = s3LocalForFile({ name: 's3-objects', corsOrigin: 'http://127.0.0.1:5173' });

const put = (key: string, body: string) =>
  local.client.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.lake, Key: key, Body: body }));

test('an object reads back whole, and a key that holds none reads as null', async () => {
  await put('a/b/one.bin', 'alpha');

  const bytes = await getBytesOrNull(local.client, LOCAL_BUCKETS.lake, 'a/b/one.bin');
  const absent = await getBytesOrNull(local.client, LOCAL_BUCKETS.lake, 'a/b/none.bin');

  expect(new TextDecoder().decode(bytes ?? new Uint8Array())).toBe('alpha');
  expect(absent).toBeNull();
});

test('the keys under a prefix are listed, and none outside it', async () => {
  await put('p/x=1/a.bin', 'a');
  await put('p/x=2/b.bin', 'b');
  await put('q/x=1/c.bin', 'c');

  const keys = await listKeys(local.client, LOCAL_BUCKETS.lake, 'p/');

  expect(keys.sort()).toEqual(['p/x=1/a.bin', 'p/x=2/b.bin']);
});
