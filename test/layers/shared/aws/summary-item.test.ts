import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { summarySet, transactWithSummary } from '#shared/aws/summary-item';

/** A cancelled TransactWrite of two items: the member's write, then the summary's. */
const cancelled = (summaryReason: string, memberReason = 'None') =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: memberReason }, { Code: summaryReason }],
  });

/** A client that fails its first sends with `failures`, then succeeds; counts the sends. */
function failingFirst(...failures: Error[]) {
  let sends = 0;
  const db = {
    send: async () => {
      sends++;
      const failure = failures.shift();
      if (failure) throw failure;
      return {};
    },
  } as unknown as Pick<DynamoDBDocumentClient, 'send'>;
  return { db, sends: () => sends };
}

const items = [
  { Put: { TableName: 't', Item: { pk: 'USER#u', sk: 'ORG#o', role: 'member' } } },
  summarySet('t', { pk: 'USER#u', sk: 'ORGS' }, 'ORG#o', 'member'),
];

describe('a member and its summary attribute written together', () => {
  test('a write cancelled for a conflict with another write of the same summary is sent again and lands', async () => {
    const { db, sends } = failingFirst(cancelled('TransactionConflict'));

    await transactWithSummary(db, items);

    expect(sends()).toBe(2);
  });

  test('a failed condition is not sent again: nothing was written, and the caller is told', async () => {
    const { db, sends } = failingFirst(cancelled('None', 'ConditionalCheckFailed'));

    await expect(transactWithSummary(db, items)).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
    expect(sends()).toBe(1);
  });

  test('a conflict that outlasts four attempts fails the write', async () => {
    const conflicts = Array.from({ length: 5 }, () => cancelled('TransactionConflict'));
    const { db, sends } = failingFirst(...conflicts);

    await expect(transactWithSummary(db, items)).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
    expect(sends()).toBe(4);
  });
});
