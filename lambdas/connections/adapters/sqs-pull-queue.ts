import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PullQueue } from '../core/pull/ports';
import type { PullMessage } from '../core/pull/pull-message';
import { sqsDelay } from '../core/pull/quota';

/** The GaPull queue on SQS (GA_PULL_QUEUE_URL): SendMessageBatch, 10 a call, each delayed. */
export class SqsPullQueue implements PullQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  /** @throws Error naming how many messages SQS refused. */
  async send(messages: readonly PullMessage[], delayS = 0): Promise<void> {
    for (let i = 0; i < messages.length; i += 10) {
      const out = await this.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: messages.slice(i, i + 10).map((m, j) => ({
            Id: String(j),
            MessageBody: JSON.stringify(m),
            DelaySeconds: sqsDelay(delayS),
          })),
        }),
      );
      if (out.Failed?.length) {
        throw new Error(`SQS refused ${out.Failed.length} GaPull message(s)`);
      }
    }
  }
}
