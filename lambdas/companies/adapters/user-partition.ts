import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type QueryItems, queryAll } from '#shared/aws/query-all';

/**
 * Every item of a user's partition (`pk USER#<user>`: memberships `ORG#...`, `PROFILE`,
 * favourites `FAV#...`, saved filters `COMPANY_FILTERS`) in ONE Query, so fetch_companies reads
 * the caller's roles, verified e-mail, favourites and saved filters with one round trip instead
 * of four. Calls for the same user while a read is in flight share it (the first few
 * milliseconds of one request ask three times); a call after it finished reads again, so nothing
 * is kept between requests.
 */
export class UserPartition {
  private readonly inFlight = new Map<string, Promise<QueryItems>>();

  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  read(userId: string): Promise<QueryItems> {
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = queryAll(this.db, {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${userId}` },
      }).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    return pending;
  }
}
