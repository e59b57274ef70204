import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import type { CallFollowup } from '#shared/contracts/call-record';
import {
  compareFollowups,
  type FollowupChange,
  type FollowupSlot,
  followupDays,
  timeSlot,
} from '../core/followup-index';

type Db = Pick<DynamoDBDocumentClient, 'send'>;
type Item = Record<string, unknown>;

/** Day partitions one followupsDue reads at once. */
const PARALLEL_DAYS = 8;

/** The key of a follow-up index item: pk `FOLLOWUP#<day>`, sk `<time or 99:99>#<id>`. */
export const followupKey = (s: FollowupSlot) => ({
  pk: `FOLLOWUP#${s.day}`,
  sk: `${s.slot}#${s.id}`,
});

/** The follow-up index operations of a save's TransactWriteItems (a delete, a put, or both). */
export function followupOps(table: string, change: FollowupChange): Item[] {
  const ops: Item[] = [];
  if (change.remove) ops.push({ Delete: { TableName: table, Key: followupKey(change.remove) } });
  if (change.put) {
    const f = change.put;
    const key = followupKey({ id: f.id, day: f.day, slot: timeSlot(f.time) });
    ops.push({ Put: { TableName: table, Item: { ...key, kind: 'call_followup', ...f } } });
  }
  return ops;
}

function fromItem(item: Item): CallFollowup {
  const s = (k: keyof CallFollowup) => (typeof item[k] === 'string' ? (item[k] as string) : '');
  return {
    id: s('id'),
    name: s('name'),
    industry: s('industry'),
    day: s('day'),
    time: s('time'),
    tz: s('tz'),
    agent_email: s('agent_email'),
    status_text: s('status_text'),
  };
}

/** Every item of one day partition (all Query pages, strongly consistent). */
async function readDay(db: Db, table: string, day: string): Promise<CallFollowup[]> {
  const items = await queryAll(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `FOLLOWUP#${day}` },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/**
 * The follow-ups of `fromDay`..`toDay`, one Query per day partition (PARALLEL_DAYS at a time),
 * in index order. @throws RangeError on a range over FOLLOWUPS_MAX_DAYS days.
 */
export async function queryFollowups(
  db: Db,
  table: string,
  fromDay: string,
  toDay: string,
): Promise<CallFollowup[]> {
  const days = followupDays(fromDay, toDay);
  const found: CallFollowup[] = [];
  for (let i = 0; i < days.length; i += PARALLEL_DAYS) {
    const parts = await Promise.all(
      days.slice(i, i + PARALLEL_DAYS).map((day) => readDay(db, table, day)),
    );
    for (const part of parts) found.push(...part);
  }
  return found.sort(compareFollowups);
}

/**
 * Rewrites the name and industry of an existing index item after a list refresh renamed the
 * advertiser. An item a save has just moved or removed is left alone (not re-created).
 */
export async function renameFollowup(
  db: Db,
  table: string,
  slot: FollowupSlot,
  facts: { name: string; industry: string },
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: followupKey(slot),
        UpdateExpression: 'SET #k0 = :v0, #k1 = :v1',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#k0': 'name', '#k1': 'industry' },
        ExpressionAttributeValues: { ':v0': facts.name, ':v1': facts.industry },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
