import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { MessageDelays } from '../core/deliver-batch';

/**
 * MessageDelays on the DeliveryQueue (env DELIVERY_QUEUE_URL): ChangeMessageVisibility on the
 * received message, so a delivery given back in batchItemFailures comes back after its retry
 * delay instead of the queue's visibility timeout.
 */
export class SqsDeliveryDelays implements MessageDelays {
  constructor(
    private readonly sqs: Pick<SQSClient, 'send'>,
    private readonly queueUrl: string,
  ) {}

  async delay(receiptHandle: string, seconds: number): Promise<void> {
    await this.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.max(0, Math.min(43_200, Math.round(seconds))),
      }),
    );
  }
}
