import { randomUUID } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { z } from 'zod';
import { ddbDocClient, sqsClient } from '../../../layers/shared/aws/clients';
import { envString, readEnv } from '../../../layers/shared/env';
import { lazy } from '../../../layers/shared/lazy';
import { ENV } from '../../../layers/shared/workers';
// The accounts context's mailers fit the comms Mailer port the call centre uses.
import { OutboxMailer } from '../../accounts/adapters/outbox-mailer';
import { SesMailer } from '../../accounts/adapters/ses-mailer';
import type { Mailer } from '../../comms/core/ports';
import type { CallCentreDeps, CrmSink } from '../core/ports';
import { DynamoCallRecordStore } from './dynamo-call-records';
import { OutboxCrmSink } from './outbox-crm-sink';
import { SqsCrmSink } from './sqs-crm-sink';

/** Reads one required variable. @throws Error naming it when missing. */
function required(env: NodeJS.ProcessEnv, name: string): string {
  return readEnv(z.object({ [name]: envString }), env)[name] as string;
}

/** The mailer: the local outbox when MAIL_OUTBOX_DIR is set, SES from MAIL_FROM otherwise. */
function buildMailer(env: NodeJS.ProcessEnv): Mailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxMailer(outbox);
  return lazy(() => new SesMailer(new SESv2Client({}), required(env, ENV.mailFrom)));
}

/** The CRM hand-off: the local folder when CRM_OUTBOX_DIR is set, the SQS queue otherwise. */
function buildCrm(env: NodeJS.ProcessEnv): CrmSink {
  const outbox = env[ENV.crmOutboxDir];
  if (outbox) return new OutboxCrmSink(outbox);
  return lazy(() => new SqsCrmSink(sqsClient(), required(env, ENV.crmQueueUrl)));
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
      () => new DynamoCallRecordStore(ddbDocClient(), required(env, ENV.callRecordsTable)),
    ),
    crm: buildCrm(env),
    mailer: buildMailer(env),
    get appOrigin() {
      return required(env, ENV.appOrigin).replace(/\/+$/, '');
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
