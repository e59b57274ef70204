import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import {
  type Delivery,
  deliverySchema,
  type Schedule,
  scheduleSchema,
} from '#shared/contracts/schedules.schema';
import type { DeliveriesStore, DeliveryClaim, SchedulesStore } from '../core/ports';

const pk = (clientUid: string) => `CLIENT#${clientUid}`;
const SCHEDULE = 'SCHEDULE#';
const scheduleSk = (scheduleId: string) => `${SCHEDULE}${scheduleId}`;
const deliveryPrefix = (scheduleId: string) => `${SCHEDULE}${scheduleId}#DELIVERY#`;
/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;
/** Tries of a read-modify-write that lost a race (removeRecipient). */
const TRIES = 3;

type Item = Record<string, unknown>;

/** The stored fields of a schedule item (keys and the entity tag dropped, then validated). */
function toSchedule(item: Item): Schedule {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return scheduleSchema.parse(rest);
}

function toDelivery(item: Item): Delivery {
  const { pk: _pk, sk: _sk, entity: _e, client_uid: _c, ...rest } = item;
  return deliverySchema.parse(rest);
}

/**
 * SchedulesStore and DeliveriesStore on the CompaniesTable, under the client's partition:
 * - schedule  pk CLIENT#<client>  sk SCHEDULE#<schedule_id>                       entity 'schedule'
 * - delivery  pk CLIENT#<client>  sk SCHEDULE#<schedule_id>#DELIVERY#<period_key> entity 'delivery'
 * A delivery's key is its idempotency key: claimDelivery is a put conditional on
 * `attribute_not_exists(pk)`.
 */
export class DynamoSchedules implements SchedulesStore, DeliveriesStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async listSchedules(clientUid: string): Promise<Schedule[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      FilterExpression: 'entity = :schedule',
      ExpressionAttributeValues: { ':pk': pk(clientUid), ':sk': SCHEDULE, ':schedule': 'schedule' },
    });
    return items.map(toSchedule).sort(byCreated);
  }

  async getSchedule(clientUid: string, scheduleId: string): Promise<Schedule | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: pk(clientUid), sk: scheduleSk(scheduleId) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? toSchedule(out.Item) : null;
  }

  async putSchedule(schedule: Schedule): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: pk(schedule.client_uid),
          sk: scheduleSk(schedule.schedule_id),
          entity: 'schedule',
          ...schedule,
        },
      }),
    );
  }

  async deleteSchedule(clientUid: string, scheduleId: string): Promise<boolean> {
    const existed = (await this.getSchedule(clientUid, scheduleId)) !== null;
    const deliveries = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk(clientUid), ':sk': deliveryPrefix(scheduleId) },
      ProjectionExpression: 'pk, sk',
    });
    const keys = [
      { pk: pk(clientUid), sk: scheduleSk(scheduleId) },
      ...deliveries.map((d) => ({ pk: d.pk, sk: d.sk })),
    ];
    for (let i = 0; i < keys.length; i += BATCH) {
      let requests: Record<string, unknown>[] = keys
        .slice(i, i + BATCH)
        .map((Key) => ({ DeleteRequest: { Key } }));
      // BatchWriteItem may hand some requests back under load: send those again.
      while (requests.length > 0) {
        const out = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (out.UnprocessedItems?.[this.table] ?? []) as Record<string, unknown>[];
      }
    }
    return existed;
  }

  async removeRecipient(
    clientUid: string,
    scheduleId: string,
    email: string,
    updatedAt: string,
  ): Promise<'removed' | 'absent' | 'gone'> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const schedule = await this.getSchedule(clientUid, scheduleId);
      if (!schedule) return 'gone';
      const recipients = schedule.recipients.filter((r) => r !== email);
      if (recipients.length === schedule.recipients.length) return 'absent';
      const next: Schedule = {
        ...schedule,
        recipients,
        paused: recipients.length === 0 ? true : schedule.paused,
        updated_at: updatedAt,
      };
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: { pk: pk(clientUid), sk: scheduleSk(scheduleId), entity: 'schedule', ...next },
            // Only over the version read: an edit in between is not overwritten.
            ConditionExpression: 'updated_at = :seen',
            ExpressionAttributeValues: { ':seen': schedule.updated_at },
          }),
        );
        return 'removed';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new Error('The schedule kept changing; try the unsubscribe link again.');
  }

  async listAllSchedules(): Promise<Schedule[]> {
    const out: Schedule[] = [];
    let start: ScanCommandInput['ExclusiveStartKey'];
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'entity = :schedule AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':schedule': 'schedule', ':sk': SCHEDULE },
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(page.Items ?? []).map(toSchedule));
      start = page.LastEvaluatedKey;
    } while (start);
    return out.sort(byCreated);
  }

  async claimDelivery(clientUid: string, delivery: Delivery): Promise<DeliveryClaim> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: this.deliveryItem(clientUid, delivery),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { claimed: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await this.getDelivery(clientUid, delivery.schedule_id, delivery.period_key);
      if (!existing) throw error;
      return { claimed: false, existing };
    }
  }

  async getDelivery(
    clientUid: string,
    scheduleId: string,
    periodKey: string,
  ): Promise<Delivery | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: pk(clientUid), sk: deliveryPrefix(scheduleId) + periodKey },
        ConsistentRead: true,
      }),
    );
    return out.Item ? toDelivery(out.Item) : null;
  }

  async saveDelivery(
    clientUid: string,
    delivery: Delivery,
    expected?: Pick<Delivery, 'status' | 'attempts'>,
  ): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: this.deliveryItem(clientUid, delivery),
          ...(expected
            ? {
                ConditionExpression: '#status = :status AND attempts = :attempts',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':status': expected.status,
                  ':attempts': expected.attempts,
                },
              }
            : {}),
        }),
      );
      return true;
    } catch (error) {
      if (expected && error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async listDeliveries(clientUid: string, scheduleId: string, limit = 100): Promise<Delivery[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk(clientUid), ':sk': deliveryPrefix(scheduleId) },
        // period_key starts with the period's first date: descending sort keys = newest first.
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(toDelivery);
  }

  private deliveryItem(clientUid: string, delivery: Delivery): Item {
    return {
      pk: pk(clientUid),
      sk: deliveryPrefix(delivery.schedule_id) + delivery.period_key,
      entity: 'delivery',
      client_uid: clientUid,
      ...delivery,
    };
  }
}

function byCreated(a: Schedule, b: Schedule): number {
  return a.created_at.localeCompare(b.created_at) || a.schedule_id.localeCompare(b.schedule_id);
}
