import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DropFolder, startDropFolder } from '../../../lib/local/drop-folder';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from '../../../lib/local/s3';
import { localS3Client } from '../../support/s3-local';

const root = mkdtempSync(join(tmpdir(), 'ao-drop-folder-'));
const dropsDir = join(root, 'drops');
let s3: LocalS3;
let client: S3Client;
let folder: DropFolder | undefined;
/** Keys of every object created in the uploads bucket, in order. */
const created: string[] = [];

beforeAll(async () => {
  s3 = await startS3({
    dir: join(root, 's3'),
    port: 0,
    corsOrigins: ['http://127.0.0.1:5173'],
    onRecord: (r) => {
      if (r.eventName.startsWith('ObjectCreated:')) created.push(r.s3.object.key);
      folder?.onRecord(r);
    },
    log: () => {},
  });
  client = localS3Client(s3.endpoint);
});

afterAll(async () => {
  await folder?.stop();
  client?.destroy();
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

const start = () =>
  startDropFolder({
    dir: dropsDir,
    s3: client,
    bucket: LOCAL_BUCKETS.uploads,
    log: () => {},
    intervalMs: 3_600_000,
  });

const text = async (key: string) => {
  const out = await client.send(new GetObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: key }));
  return out.Body?.transformToString('utf-8');
};

describe('the local drops folder', () => {
  test('puts a finished file of a drop folder into the uploads bucket under drops/, once', async () => {
    folder = await start();
    mkdirSync(join(dropsDir, 'org-1', 'c-1'), { recursive: true });
    writeFileSync(join(dropsDir, 'org-1', 'c-1', 'june 1.csv'), 'Station,Date\n');
    writeFileSync(join(dropsDir, 'org-1', 'c-1', 'july.csv.filepart'), 'half');
    writeFileSync(join(dropsDir, 'org-1', 'stray.csv'), 'not in a drop');

    await folder.scan();
    await folder.scan();

    expect(created).toEqual(['drops/org-1/c-1/june 1.csv']);
    expect(await text('drops/org-1/c-1/june 1.csv')).toBe('Station,Date\n');
  });

  test('copies the result file the drop worker writes back beside the file', async () => {
    const body = '{"status":"applied"}\n';

    await client.send(
      new PutObjectCommand({
        Bucket: LOCAL_BUCKETS.uploads,
        Key: 'drops/org-1/c-1/june 1.csv.result.json',
        Body: body,
      }),
    );
    await folder?.idle();

    expect(readFileSync(join(dropsDir, 'org-1', 'c-1', 'june 1.csv.result.json'), 'utf8')).toBe(
      body,
    );
  });

  test('a result key that climbs out of the drops folder is not written outside it', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: LOCAL_BUCKETS.uploads,
        Key: 'drops/org-1/c-1/../../../escaped.csv.result.json',
        Body: '{"status":"ignored"}\n',
      }),
    );
    await folder?.idle();

    expect(existsSync(join(root, 'escaped.csv.result.json'))).toBe(false);
  });

  test('after a restart, an answered file is not sent again, and a changed one is', async () => {
    await folder?.stop();
    created.length = 0;
    const answered = join(dropsDir, 'org-1', 'c-1', 'june 1.csv');
    const past = new Date(Date.now() - 60_000);
    utimesSync(answered, past, past);

    folder = await start();
    await folder.scan();
    const afterRestart = [...created];
    writeFileSync(answered, 'Station,Date\nWABC,2016-06-01\n');
    await folder.scan();

    expect(afterRestart).toEqual([]);
    expect(created.filter((k) => k.endsWith('.csv'))).toEqual(['drops/org-1/c-1/june 1.csv']);
  });
});
