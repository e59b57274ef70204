import type { S3Event } from 'aws-lambda';
import { IMPORT_WORKER, UPLOAD_PREFIX } from '../../layers/shared/workers';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import type { S3rverRecord } from './s3';

/**
 * URL-encodes an object key the way S3 notifications do (form encoding: spaces as `+`,
 * slashes kept), so handlers decode local and AWS events alike.
 */
export function encodeS3EventKey(key: string): string {
  return encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
}

/** An AWS-shaped S3 notification for one created object. */
export function objectCreatedEvent(bucket: string, key: string, size: number, eTag = ''): S3Event {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'AWS:LOCAL' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'LOCAL', 'x-amz-id-2': 'LOCAL' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: IMPORT_WORKER.id,
          bucket: {
            name: bucket,
            ownerIdentity: { principalId: 'LOCAL' },
            arn: `arn:aws:s3:::${bucket}`,
          },
          object: { key: encodeS3EventKey(key), size, eTag, sequencer: Date.now().toString(16) },
        },
      },
    ],
  };
}

/**
 * The uploads bucket's event notification: invokes the import worker (IMPORT_WORKER) for every
 * object created under UPLOAD_PREFIX, one invocation per object like S3 -> Lambda. Failures
 * are logged, never thrown (AWS would retry an async invoke twice; locally you re-upload).
 */
export class UploadNotifications {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly uploadsBucket: string,
    private readonly log: (line: string) => void,
    private readonly handlerPath: string = IMPORT_WORKER.handler,
  ) {}

  /** Feeds one s3rver record; ignores other buckets, prefixes and deletes. */
  onRecord(record: S3rverRecord): void {
    const { bucket, object } = record.s3;
    if (bucket.name !== this.uploadsBucket) return;
    if (!record.eventName.startsWith('ObjectCreated:')) return;
    if (!object.key.startsWith(UPLOAD_PREFIX)) return;
    const event = objectCreatedEvent(bucket.name, object.key, object.size ?? 0, object.eTag);
    const run = this.invoke(event, object.key).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Resolves when every started invocation has finished (used on shutdown and in tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async invoke(event: S3Event, key: string): Promise<void> {
    try {
      const handler = await loadHandler(this.handlerPath);
      await handler(event, lambdaContext(IMPORT_WORKER.id, IMPORT_WORKER.timeoutS));
      this.log(`import worker finished for ${key}`);
    } catch (error) {
      this.log(`import worker failed for ${key}: ${(error as Error).stack ?? String(error)}`);
    }
  }
}
