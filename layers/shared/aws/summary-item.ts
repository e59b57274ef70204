import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from './conditional-write';

/**
 * A summary item: one DynamoDB item that holds every item of a set a Query would otherwise list,
 * one attribute per member (named by the member's sort key, e.g. `SUB#<id>`), so a reader gets
 * the whole set with one GetItem, which a batching document client sends in the same
 * BatchGetItem as other reads (lambdas/reports/adapters/batched-gets.ts). Kept equal to the set
 * by these rules:
 * - every write of a member writes its attribute in the same transaction and adds 1 to `v`
 *   ({@link summarySet}, {@link summaryRemove}), so a member and its attribute never differ;
 * - `complete: true` says the item holds every member: written only by {@link completeSummary},
 *   from a consistent read of the members, on condition that `v` has not moved since the summary
 *   was read (no member was written in between);
 * - members written before the summary existed are not in it until then, so readers trust only
 *   a complete summary ({@link summaryMembers}) and otherwise Query the members, as before;
 * - an item holds at most 400 KB: a set of more than {@link MAX_SUMMARY_MEMBERS} is left
 *   incomplete and read by Query.
 */
export interface SummaryKey {
  pk: string;
  sk: string;
}

/** Members a complete summary may hold (the 400 KB item limit, at up to about 1 KB a member). */
export const MAX_SUMMARY_MEMBERS = 300;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The transaction item that sets a member's attribute to `value` (and moves `v`). */
export function summarySet(
  table: string,
  key: SummaryKey,
  member: string,
  value: unknown,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: key,
      UpdateExpression: 'SET #member = :value ADD v :one',
      ExpressionAttributeNames: { '#member': member },
      ExpressionAttributeValues: { ':value': value, ':one': 1 },
    },
  };
}

/** The transaction item that removes a member's attribute (and moves `v`). */
export function summaryRemove(table: string, key: SummaryKey, member: string): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: key,
      UpdateExpression: 'REMOVE #member ADD v :one',
      ExpressionAttributeNames: { '#member': member },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** Attempts of a summary write that DynamoDB cancels for a conflict with another transaction. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Sends one TransactWrite of a member and its summary attribute (summarySet, summaryRemove).
 * Two writes of the same set at the same moment (two webhooks of one organisation) touch the
 * same summary item, and DynamoDB cancels one of them as a TransactionConflict; that one is sent
 * again after a short random pause, up to 4 attempts, so neither is lost.
 * @throws TransactionCanceledException for a failed condition (nothing written) or a conflict
 *   that outlasted the attempts; any other error of the write.
 */
export async function transactWithSummary(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  items: TransactItem[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const conflict =
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

/**
 * The members of a summary item as [attribute name, value] pairs in name order (the order a
 * Query of the members by sort key gives), or null when the item is absent or not complete
 * (then the members must be queried).
 */
export function summaryMembers<T>(
  item: Record<string, unknown> | undefined,
  prefix: string,
): [string, T][] | null {
  if (item?.complete !== true) return null;
  return Object.keys(item)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => [name, item[name] as T]);
}

/**
 * Makes a summary complete when it is not: reads it consistently, then the members
 * (`members`, which must read consistently: [attribute name, value] pairs), then writes them all
 * with `complete: true` on condition that no member was written in between. A write that lost
 * that race changes nothing; the next call tries again. Needs PutItem on the table.
 * @returns whether the summary is complete afterwards.
 */
export async function completeSummary(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  key: SummaryKey,
  members: () => Promise<[string, unknown][]>,
): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({ TableName: table, Key: key, ConsistentRead: true }),
  );
  if (Item?.complete === true) return true;
  const all = await members();
  if (all.length > MAX_SUMMARY_MEMBERS) return false;
  const version = typeof Item?.v === 'number' ? Item.v : null;
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: table,
        Item: { ...key, complete: true, v: (version ?? 0) + 1, ...Object.fromEntries(all) },
        ...(!Item
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : version === null
            ? { ConditionExpression: 'attribute_not_exists(v)' }
            : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': version } }),
      }),
    ),
  );
}
