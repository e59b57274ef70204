import type { SQSEvent } from 'aws-lambda';
import { recordCall } from './calls';

/** Test SQS consumer: records each batch and reports messages whose body is "fail" as failed. */
export const handler = async (event: SQSEvent) => {
  recordCall('queue', event);
  return {
    batchItemFailures: event.Records.filter((r) => r.body === 'fail').map((r) => ({
      itemIdentifier: r.messageId,
    })),
  };
};
