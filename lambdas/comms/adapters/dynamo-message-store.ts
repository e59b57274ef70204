import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactRecord, DoNotSellRecord, MessageStore } from '../core/ports';

/**
 * MessageStore on the MessagesTable (pk/sk strings). Item layout:
 * - contact message: pk `CONTACT#<yyyy-mm of received_at>`, sk `<received_at>#<id>`: one
 *   partition per month, read newest-last;
 * - do-not-sell request: pk `DO_NOT_SELL`, sk `DUE#<due_by>#<id>`: one Query lists the open
 *   duties by deadline (spec §9 "Privacy: response time 10 business days");
 * - rate-limit windows of the forms: pk `RATE#comms:...` with TTL `expires_at`
 *   (DynamoRateLimiter). Messages carry no `expires_at`, so they are kept.
 * Writes are conditional on a new key, so a retried id never overwrites a stored message.
 */
export class DynamoMessageStore implements MessageStore {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async saveContact(record: ContactRecord): Promise<void> {
    await this.put({
      pk: `CONTACT#${record.received_at.slice(0, 7)}`,
      sk: `${record.received_at}#${record.id}`,
      kind: 'contact',
      ...record,
    });
  }

  async saveDoNotSell(record: DoNotSellRecord): Promise<void> {
    await this.put({
      pk: 'DO_NOT_SELL',
      sk: `DUE#${record.due_by}#${record.id}`,
      kind: 'do_not_sell',
      ...record,
    });
  }

  private async put(item: Record<string, unknown>) {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }
}
