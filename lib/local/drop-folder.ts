import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DROP_PREFIX } from '#shared/workers';
import { RESULT_SUFFIX } from '../../lambdas/drops/core/drop-result';
import type { S3rverRecord } from './s3';

/** Options of {@link startDropFolder}. */
export interface DropFolderOptions {
  /** The watched folder, `<LOCAL_DIR>/drops`: drops are `<org_uid>/<client_uid | _org>/`. */
  dir: string;
  /** An S3 client of s3rver. */
  s3: S3Client;
  /** The uploads bucket. */
  bucket: string;
  log: (line: string) => void;
  /** How often the folder is scanned, milliseconds. @default 1000 */
  intervalMs?: number;
}

/** The local stand-in of the drops' SFTP server. */
export interface DropFolder {
  dir: string;
  /** Feeds s3rver's object events: result files of drops are copied back beside their file. */
  onRecord(record: S3rverRecord): void;
  /** Scans once now (tests); resolves when every finished file found has been put. */
  scan(): Promise<void>;
  /** Resolves when the copies of result files started so far are written. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** What is not an uploader's finished file: result files, hidden files, partial downloads. */
const NOT_A_FILE = /(^\.|\.result\.json$|\.(filepart|part|partial|tmp|crdownload)$)/i;

/**
 * Plays the drops' SFTP server locally: a file that appears under `<dir>/<org>/<scope>/` is put
 * into s3rver at `drops/<org>/<scope>/<name>` once it is complete (its size and modification
 * time unchanged over one scan, so a copy still being written is not sent half-way), and
 * s3rver's event then runs the drop worker exactly as S3 does in AWS. Each result file the
 * worker writes in s3rver is copied back beside its file, as an SFTP user would see it in their
 * home. A file is sent again only when it changes; after a restart, files that already have a
 * result file are not sent again. Scanning errors are logged, never thrown.
 */
export async function startDropFolder(opts: DropFolderOptions): Promise<DropFolder> {
  const { dir, s3, bucket, log } = opts;
  await mkdir(dir, { recursive: true });
  /** Last seen `size:mtime` of each file, and what was sent (or found answered at start). */
  const seen = new Map<string, string>();
  const sent = new Map<string, string>();
  const copies = new Set<Promise<void>>();

  for (const file of await finishedFiles(dir)) {
    const answered = await stat(`${file.path}${RESULT_SUFFIX}`).catch(() => null);
    if (answered && answered.mtimeMs >= file.mtimeMs) sent.set(file.path, file.signature);
  }

  let running: Promise<void> | null = null;
  const scan = () => {
    running ??= (async () => {
      try {
        for (const file of await finishedFiles(dir)) {
          const stable = seen.get(file.path) === file.signature;
          seen.set(file.path, file.signature);
          if (!stable || sent.get(file.path) === file.signature) continue;
          sent.set(file.path, file.signature);
          const key = `${DROP_PREFIX}${relative(dir, file.path).split(sep).join('/')}`;
          await s3.send(
            new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(file.path) }),
          );
          log(`drop: ${key} put into the uploads bucket`);
        }
      } catch (error) {
        log(`drop folder scan failed: ${(error as Error).message}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void scan(), opts.intervalMs ?? 1000);
  timer.unref();

  const copyBack = async (key: string) => {
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const path = join(dir, ...key.slice(DROP_PREFIX.length).split('/'));
      // S3 keys may hold `..`: a key that would land outside the drops folder is not written.
      const inside = relative(dir, path);
      if (inside.startsWith('..') || isAbsolute(inside)) {
        log(`drop result ${key} not copied back: it points outside ${dir}`);
        return;
      }
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, (await out.Body?.transformToString('utf-8')) ?? '');
    } catch (error) {
      log(`drop result ${key} not copied back: ${(error as Error).message}`);
    }
  };

  return {
    dir,
    onRecord(record) {
      const key = record.s3.object.key;
      if (record.s3.bucket.name !== bucket || !record.eventName.startsWith('ObjectCreated:'))
        return;
      if (!key.startsWith(DROP_PREFIX) || !key.endsWith(RESULT_SUFFIX)) return;
      const copy = copyBack(key).finally(() => copies.delete(copy));
      copies.add(copy);
    },
    scan: async () => {
      // Twice: a file must look the same on two scans in a row to count as finished.
      await scan();
      await scan();
    },
    idle: async () => {
      while (copies.size > 0) await Promise.allSettled([...copies]);
    },
    stop: async () => {
      clearInterval(timer);
      await running;
      while (copies.size > 0) await Promise.allSettled([...copies]);
    },
  };
}

/**
 * Every file two folders down or deeper (`<org>/<scope>/<name>`) that could be an uploader's
 * finished file, with its `size:mtime` signature.
 */
async function finishedFiles(
  dir: string,
): Promise<{ path: string; signature: string; mtimeMs: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out = [];
  for (const entry of entries) {
    if (!entry.isFile() || NOT_A_FILE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (relative(dir, path).split(sep).length < 3) continue;
    const info = await stat(path).catch(() => null);
    if (info) out.push({ path, signature: `${info.size}:${info.mtimeMs}`, mtimeMs: info.mtimeMs });
  }
  return out;
}
