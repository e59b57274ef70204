import { randomUUID } from 'node:crypto';
import { ddbDocClient, sqsClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
import { mailerFromEnv } from '../../comms/adapters/mailer-from-env';
import type { CallCentreDeps, CrmSink } from '../core/ports';
import { DynamoCallRecordStore } from './dynamo-call-records';
import { OutboxCrmSink } from './outbox-crm-sink';
import { SqsCrmSink } from './sqs-crm-sink';

/** The CRM hand-off: the local folder when CRM_OUTBOX_DIR is set, the SQS queue otherwise. */
function buildCrm(env: NodeJS.ProcessEnv): CrmSink {
  const outbox = env[ENV.crmOutboxDir];
  if (outbox) return new OutboxCrmSink(outbox);
  return lazy(() => new SqsCrmSink(sqsClient(), requiredEnv(env, ENV.crmQueueUrl)));
}

/**
 * The call-centre routes' composition root (house-style item 5). Variables: CALL_RECORDS_TABLE;
 * CRM_OUTBOX_DIR (local) or CRM_QUEUE_URL; MAIL_OUTBOX_DIR (local) or MAIL_FROM; APP_ORIGIN.
 * Adapters are built on first use, so the read-only routes never need the queue or the mailer.
 * @throws Error naming the variable when a needed one is missing (at first use).
 */
export function buildCallCentreDeps(env: NodeJS.ProcessEnv = process.env): CallCentreDeps {
  return {
    records: lazy(
      () => new DynamoCallRecordStore(ddbDocClient(), requiredEnv(env, ENV.callRecordsTable)),
    ),
    crm: buildCrm(env),
    mailer: mailerFromEnv(env),
    get appOrigin() {
      return requiredEnv(env, ENV.appOrigin).replace(/\/+$/, '');
    },
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

let deps: CallCentreDeps | undefined;

/** The container's one CallCentreDeps, built on the first request. */
export function callCentreDeps(): CallCentreDeps {
  deps ??= buildCallCentreDeps();
  return deps;
}
