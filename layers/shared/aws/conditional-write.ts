import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

/**
 * Awaits one conditional DynamoDB write (a Put, Update or Delete with a ConditionExpression).
 * @returns true when DynamoDB wrote it, false when its condition failed and nothing was written.
 * @throws any other error of the write.
 */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Why DynamoDB cancelled a TransactWrite: one code per item of TransactItems, in their order
 * (`None`, `ConditionalCheckFailed`, `TransactionConflict`, ...), so an adapter can tell which
 * of its conditions failed.
 * @throws `error` itself when it is not a cancelled transaction.
 */
export function cancellationReasons(error: unknown): (string | undefined)[] {
  if (!(error instanceof TransactionCanceledException)) throw error;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code);
}
