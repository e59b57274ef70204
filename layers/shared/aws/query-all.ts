import {
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';

/** The items of a Query, as the document client unmarshals them. */
export type QueryItems = NonNullable<QueryCommandOutput['Items']>;

/**
 * Every item a DynamoDB Query matches, in DynamoDB's order: it reads page after page (at most
 * 1 MB each) from `ExclusiveStartKey` until no `LastEvaluatedKey` comes back. For queries whose
 * whole result is needed; a bounded scan of the first pages reads them itself.
 */
export async function queryAll(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<QueryItems> {
  const items: QueryItems = [];
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
