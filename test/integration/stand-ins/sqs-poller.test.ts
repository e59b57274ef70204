import {
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LocalSqs, localSqsClient, startSqs } from '../../../lib/local/sqs';
import { type SqsPoller, startSqsPoller } from '../../../lib/local/sqs-poller';
import { callsOf, eventually } from '../support/calls';

let sqs: LocalSqs;
let client: SQSClient;
let poller: SqsPoller;

beforeAll(async () => {
  sqs = await startSqs({ port: 0, log: () => {} });
  client = localSqsClient(sqs.endpoint);
  poller = startSqsPoller({
    client,
    queueUrl: sqs.reportQueueUrl,
    queueArn: sqs.reportQueueArn,
    handlerPath: 'test/integration/support/queue.handler.ts',
    functionName: 'TestConsumer',
    idleMs: 50,
    log: () => {},
  });
});

afterAll(async () => {
  await poller.stop();
  client.destroy();
  await sqs.stop();
});

/** Messages received but neither deleted nor visible again. */
async function inFlightCount(): Promise<number> {
  const out = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: sqs.reportQueueUrl,
      AttributeNames: ['ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible);
}

test('messages reach the handler as an SQS event; successes are deleted, reported failures stay', async () => {
  await client.send(
    new SendMessageBatchCommand({
      QueueUrl: sqs.reportQueueUrl,
      Entries: [
        {
          Id: 'a',
          MessageBody: '{"report_id":"r1"}',
          MessageAttributes: { kind: { DataType: 'String', StringValue: 'report' } },
        },
        { Id: 'b', MessageBody: 'fail' },
      ],
    }),
  );

  const records = await eventually(() => {
    const all = callsOf<SQSEvent>('queue').flatMap((e) => e.Records);
    return all.length >= 2 ? all : undefined;
  });
  const ok = records.find((r) => r.body !== 'fail')!;
  expect(ok.body).toBe('{"report_id":"r1"}');
  expect(ok.eventSource).toBe('aws:sqs');
  expect(ok.eventSourceARN).toBe(sqs.reportQueueArn);
  expect(ok.attributes.ApproximateReceiveCount).toBe('1');
  expect(ok.messageAttributes.kind?.stringValue).toBe('report');
  // Both were received; the success was deleted, the failure waits out its visibility timeout.
  const inFlight = await eventually(async () => {
    const count = await inFlightCount();
    return count < 2 ? count : undefined;
  });
  expect(inFlight).toBe(1);
});

test('stop() ends the poller promptly', async () => {
  const started = Date.now();

  await poller.stop();

  expect(Date.now() - started).toBeLessThan(2000);
});
