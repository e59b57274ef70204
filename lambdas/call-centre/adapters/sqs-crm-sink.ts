import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { CrmHandoff, CrmSink } from '../core/ports';

/**
 * CrmSink on the CRM hand-off queue (AWS; env CRM_QUEUE_URL): one message per ended call, body
 * the CrmHandoff as JSON, attribute `handoff_id` so the CRM's connector can de-duplicate a
 * repeated hand-off without parsing the body. Nothing is logged: the body holds contact details.
 */
export class SqsCrmSink implements CrmSink {
  constructor(
    private readonly sqs: Pick<SQSClient, 'send'>,
    private readonly queueUrl: string,
  ) {}

  async send(handoff: CrmHandoff): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(handoff),
        MessageAttributes: {
          handoff_id: { DataType: 'String', StringValue: handoff.handoff_id },
        },
      }),
    );
  }
}
