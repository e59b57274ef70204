import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { ReportQueue, ReportStepPayload } from '../core/ports';

/** ReportQueue on SQS (env REPORT_QUEUE_URL): the body is the first step's payload as JSON. */
export class SqsReportQueue implements ReportQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(payload: ReportStepPayload): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(payload) }),
    );
  }
}
