import type { S3Event } from 'aws-lambda';
import {
  CALL_LIST_WORKER,
  DROP_PREFIX,
  DROP_WORKER,
  IMPORT_WORKER,
  MONITORING_PREFIX,
  UPLOAD_PREFIX,
} from '#shared/workers';
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

/** A worker an S3 notification invokes (an entry of workers.ts). */
export interface NotifiedWorker {
  id: string;
  handler: string;
  timeoutS: number;
}

/** One notification of the uploads bucket: objects under `prefix` (and ending in `suffix`). */
export interface UploadRoute {
  prefix: string;
  /** @default any key */
  suffix?: string;
  worker: NotifiedWorker;
}

/**
 * The uploads bucket's notifications, as the pipeline stack configures them in AWS: browser
 * uploads to the import worker, monitored post-logs (`*.csv`) to the call-list worker, post-log
 * drops to the drop worker.
 */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { prefix: UPLOAD_PREFIX, worker: IMPORT_WORKER },
  { prefix: MONITORING_PREFIX, suffix: '.csv', worker: CALL_LIST_WORKER },
  { prefix: DROP_PREFIX, worker: DROP_WORKER },
];

/** An AWS-shaped S3 notification for one created object. */
export function objectCreatedEvent(
  bucket: string,
  key: string,
  size: number,
  eTag = '',
  configurationId: string = IMPORT_WORKER.id,
): S3Event {
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
          configurationId,
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
 * The uploads bucket's event notifications: invokes the worker of the first route whose prefix
 * (and suffix) matches each created object, one invocation per object like S3 -> Lambda.
 * Failures are logged, never thrown (AWS would retry an async invoke twice; locally you
 * re-upload).
 */
export class UploadNotifications {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly routes: readonly UploadRoute[];

  /**
   * @param routes the notifications; a handler path instead replaces the import worker's
   * handler and drops the other routes (tests). @default UPLOAD_ROUTES
   */
  constructor(
    private readonly uploadsBucket: string,
    private readonly log: (line: string) => void,
    routes: readonly UploadRoute[] | string = UPLOAD_ROUTES,
  ) {
    this.routes =
      typeof routes === 'string'
        ? [{ prefix: UPLOAD_PREFIX, worker: { ...IMPORT_WORKER, handler: routes } }]
        : routes;
  }

  /** Feeds one s3rver record; ignores other buckets, unrouted keys and deletes. */
  onRecord(record: S3rverRecord): void {
    const { bucket, object } = record.s3;
    if (bucket.name !== this.uploadsBucket) return;
    if (!record.eventName.startsWith('ObjectCreated:')) return;
    const route = this.routes.find(
      (r) => object.key.startsWith(r.prefix) && object.key.endsWith(r.suffix ?? ''),
    );
    if (!route) return;
    const { worker } = route;
    const event = objectCreatedEvent(
      bucket.name,
      object.key,
      object.size ?? 0,
      object.eTag,
      worker.id,
    );
    const run = this.invoke(worker, event, object.key).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Resolves when every started invocation has finished (used on shutdown and in tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async invoke(worker: NotifiedWorker, event: S3Event, key: string): Promise<void> {
    try {
      const handler = await loadHandler(worker.handler);
      await handler(event, lambdaContext(worker.id, worker.timeoutS));
      this.log(`${worker.id} finished for ${key}`);
    } catch (error) {
      this.log(`${worker.id} failed for ${key}: ${(error as Error).stack ?? String(error)}`);
    }
  }
}
