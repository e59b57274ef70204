import type { S3Event } from 'aws-lambda';
import { beforeEach, describe, expect, test } from 'vitest';
import { CALL_LIST_WORKER, DROP_WORKER, IMPORT_WORKER } from '#shared/workers';
import type { S3rverRecord } from '../../../lib/local/s3';
import { UPLOAD_ROUTES, UploadNotifications } from '../../../lib/local/upload-events';
import { callsOf } from '../../integration/support/calls';

// A handler that records the events it gets, for both routes (configurationId tells them apart).
const RECORDER = 'test/integration/support/object-created.handler.ts';
const ROUTES = UPLOAD_ROUTES.map((r) => ({ ...r, worker: { ...r.worker, handler: RECORDER } }));

const created = (key: string, bucket = 'analyticowl-uploads'): S3rverRecord => ({
  eventName: 'ObjectCreated:Put',
  s3: { bucket: { name: bucket }, object: { key, size: 10, eTag: 'e' } },
});

let notifications: UploadNotifications;
let before: number;

beforeEach(() => {
  notifications = new UploadNotifications('analyticowl-uploads', () => {}, ROUTES);
  before = callsOf('object-created').length;
});

/** The configurationId and key of each event recorded since the test began. */
const seen = () =>
  callsOf<S3Event>('object-created')
    .slice(before)
    .map((e) => [e.Records[0]?.s3.configurationId, e.Records[0]?.s3.object.key]);

describe('UploadNotifications', () => {
  test('sends uploads/ to the import worker and monitoring/*.csv to the call-list worker', async () => {
    notifications.onRecord(created('uploads/org-1/pl-1/post log.csv'));
    notifications.onRecord(created('monitoring/market log.csv'));
    await notifications.idle();

    expect(seen()).toEqual([
      [IMPORT_WORKER.id, 'uploads/org-1/pl-1/post+log.csv'],
      [CALL_LIST_WORKER.id, 'monitoring/market+log.csv'],
    ]);
  });

  test('starts nothing for reports, other prefixes, other buckets or deletes', async () => {
    notifications.onRecord(created('monitoring/market.csv.report.json'));
    notifications.onRecord(created('other/x.csv'));
    notifications.onRecord(created('monitoring/x.csv', 'analyticowl-lake'));
    notifications.onRecord({ ...created('monitoring/y.csv'), eventName: 'ObjectRemoved:Delete' });
    await notifications.idle();

    expect(seen()).toEqual([]);
  });

  test('sends a file dropped under drops/ to the drop worker, with no create_upload before it', async () => {
    notifications.onRecord(created('drops/org-1/client-1/june log.csv'));
    await notifications.idle();

    expect(seen()).toEqual([[DROP_WORKER.id, 'drops/org-1/client-1/june+log.csv']]);
  });

  test('routes like the pipeline stack: the same prefixes and workers', () => {
    expect(UPLOAD_ROUTES.map((r) => [r.prefix, r.suffix ?? '', r.worker.handler])).toEqual([
      ['uploads/', '', IMPORT_WORKER.handler],
      ['monitoring/', '.csv', CALL_LIST_WORKER.handler],
      ['drops/', '', DROP_WORKER.handler],
    ]);
  });
});
