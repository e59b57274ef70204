import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';

/** What the poller needs: the queue, the consumer, and how it reports. */
export interface SqsPollerOptions {
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  /** Repo-relative handler module (e.g. REPORT_QUEUE_WORKER.handler). */
  handlerPath: string;
  functionName: string;
  /** Messages per invocation (the event source's batch size). @default 10 */
  batchSize?: number;
  /** Pause after an empty receive, in milliseconds. @default 200 */
  idleMs?: number;
  log: (line: string) => void;
}

/** A running poller. */
export interface SqsPoller {
  /** Stops receiving and waits for the batch in hand to finish. */
  stop(): Promise<void>;
}

/** Turns received messages into the event Lambda's SQS event source would deliver. */
export function sqsEvent(messages: readonly Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map(
      (m): SQSRecord => ({
        messageId: m.MessageId ?? '',
        receiptHandle: m.ReceiptHandle ?? '',
        body: m.Body ?? '',
        attributes: {
          ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
          SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
          SenderId: m.Attributes?.SenderId ?? 'LOCAL',
          ApproximateFirstReceiveTimestamp:
            m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        },
        messageAttributes: Object.fromEntries(
          Object.entries(m.MessageAttributes ?? {}).map(([name, value]) => [
            name,
            {
              dataType: value.DataType ?? 'String',
              ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
              ...(value.BinaryValue !== undefined
                ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }
                : {}),
              stringListValues: [],
              binaryListValues: [],
            },
          ]),
        ),
        md5OfBody: m.MD5OfBody ?? '',
        eventSource: 'aws:sqs',
        eventSourceARN: queueArn,
        awsRegion: 'us-east-1',
      }),
    ),
  };
}

/**
 * Which received messages to delete after an invocation, as Lambda's event source mapping with
 * ReportBatchItemFailures does: all of them on success, all but the listed `batchItemFailures`
 * when the handler returns some, none when it throws.
 */
export function messagesToDelete(
  messages: readonly Message[],
  outcome: { ok: true; result: unknown } | { ok: false },
): Message[] {
  if (!outcome.ok) return [];
  const failures = (outcome.result as Partial<SQSBatchResponse> | null | undefined)
    ?.batchItemFailures;
  if (!Array.isArray(failures)) return [...messages];
  const failed = new Set(failures.map((f) => f.itemIdentifier));
  return messages.filter((m) => !failed.has(m.MessageId ?? ''));
}

/**
 * The in-process event source mapping local SQS lacks (local-stack.md §7): receives with short
 * waits (a long poll only returns early once MaxNumberOfMessages is filled), invokes the
 * handler with an SQS event, and deletes what succeeded. Messages that failed reappear after
 * the visibility timeout and move to the DLQ per the queue's redrive policy.
 */
export function startSqsPoller(opts: SqsPollerOptions): SqsPoller {
  let running = true;
  let wake: (() => void) | undefined;
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async () => {
    while (running) {
      let messages: Message[] = [];
      try {
        const out = await opts.client.send(
          new ReceiveMessageCommand({
            QueueUrl: opts.queueUrl,
            MaxNumberOfMessages: opts.batchSize ?? 10,
            WaitTimeSeconds: 0,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        messages = out.Messages ?? [];
      } catch (error) {
        if (running) opts.log(`SQS receive failed: ${(error as Error).message}`);
      }
      if (messages.length === 0) {
        if (running) await idle(opts.idleMs ?? 200);
        continue;
      }
      await deliver(opts, messages);
    }
  };
  const done = loop();
  return {
    stop: async () => {
      running = false;
      wake?.();
      await done;
    },
  };
}

async function deliver(opts: SqsPollerOptions, messages: Message[]): Promise<void> {
  let outcome: { ok: true; result: unknown } | { ok: false };
  try {
    const handler = await loadHandler(opts.handlerPath);
    const result = await handler(
      sqsEvent(messages, opts.queueArn),
      lambdaContext(opts.functionName),
    );
    outcome = { ok: true, result };
  } catch (error) {
    opts.log(`${opts.functionName} failed: ${(error as Error).stack ?? String(error)}`);
    outcome = { ok: false };
  }
  const remove = messagesToDelete(messages, outcome);
  if (remove.length === 0) return;
  try {
    await opts.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: opts.queueUrl,
        Entries: remove.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })),
      }),
    );
  } catch (error) {
    opts.log(`SQS delete failed: ${(error as Error).message}`);
  }
}
