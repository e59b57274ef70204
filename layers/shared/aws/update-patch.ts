import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../errors';

/**
 * Sets the defined fields of `patch` on an EXISTING item (a conditional update: it never creates
 * one). Undefined fields are left alone. Used by every DynamoDB repository that patches items.
 * @throws NotFound(`what`) when the item does not exist.
 */
export async function updateExisting(
  db: DynamoDBDocumentClient,
  table: string,
  key: Record<string, string>,
  patch: Record<string, unknown>,
  what: string,
): Promise<void> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFound(what);
    throw error;
  }
}
