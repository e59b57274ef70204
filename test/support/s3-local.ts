import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from '../../lib/local/s3';
import { UploadNotifications } from '../../lib/local/upload-events';

/**
 * An S3 client for the local s3rver as the handlers reach it locally: path-style URLs, the
 * S3RVER key pair s3rver accepts, and checksums only where S3 requires them (s3rver checks none).
 */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** What a test file gets from {@link s3LocalForFile}; read it inside tests, not at import. */
export interface S3LocalFixture {
  /** The running stand-in (endpoint, bucket folders). */
  readonly s3: LocalS3;
  /** A client on it, see {@link localS3Client}. */
  readonly client: S3Client;
  /** The uploads bucket's object-created routing; only when `objectCreatedHandler` was named. */
  readonly notifications: UploadNotifications;
}

/**
 * The local stack's S3 (s3rver with its three buckets and the POST policy guard) for the calling
 * test file: started on a free port in a fresh temporary folder before its tests, stopped and
 * the folder removed after them (once pending upload notifications are handled).
 * @param opts.name the temporary folder's prefix (`ao-<name>-`).
 * @param opts.corsOrigin the browser origin the uploads bucket's CORS allows.
 * @param opts.objectCreatedHandler a handler module the uploads bucket's object-created events
 *   invoke, as the local stack routes them to the import worker; none: events are dropped.
 */
export function s3LocalForFile(opts: {
  name: string;
  corsOrigin: string;
  objectCreatedHandler?: string;
}): S3LocalFixture {
  const dir = mkdtempSync(join(tmpdir(), `ao-${opts.name}-`));
  let s3: LocalS3 | undefined;
  let client: S3Client | undefined;
  const notifications = opts.objectCreatedHandler
    ? new UploadNotifications(LOCAL_BUCKETS.uploads, () => {}, opts.objectCreatedHandler)
    : undefined;

  beforeAll(async () => {
    s3 = await startS3({
      dir,
      port: 0,
      corsOrigins: [opts.corsOrigin],
      onRecord: (r) => notifications?.onRecord(r),
      log: () => {},
    });
    client = localS3Client(s3.endpoint);
  });
  afterAll(async () => {
    client?.destroy();
    await notifications?.idle();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`s3rver fixture: ${what} is not ready; read it in a test.`);
    return value;
  };
  return {
    get s3() {
      return started(s3, 's3');
    },
    get client() {
      return started(client, 'client');
    },
    get notifications() {
      return started(notifications, 'notifications (name an objectCreatedHandler)');
    },
  };
}
