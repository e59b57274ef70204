import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import { queryAll } from '#shared/aws/query-all';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { RatingsContribution } from '../core/contribution';
import type { RatingsSources } from '../core/ports';

/** Partition of a kind's month: one item per client. */
export const sourcePk = (kind: RatingsKind, month: string) => `RATINGSRC#${kind}#${month}`;
/** The kind's list of months with contributions (a string set). */
const monthsKey = (kind: RatingsKind) => ({ pk: `RATINGSRC#${kind}`, sk: 'MONTHS' });

/** The stored item of a client's month (what `file` puts; the bench writes it in batches). */
export function sourceItem(kind: RatingsKind, c: RatingsContribution) {
  return {
    pk: sourcePk(kind, c.month),
    sk: `CLIENT#${c.client_uid}`,
    org_uid: c.org_uid,
    industry_id: c.industry_id,
    days_covered: c.days_covered,
    contribution: c,
  };
}

/** The item naming a kind's months (the bench writes it directly). */
export function monthsItem(kind: RatingsKind, months: readonly string[]) {
  return { ...monthsKey(kind), months: new Set(months) };
}

/**
 * Ratings contributions on the CompaniesTable (pk, sk strings):
 * - a client's month   pk RATINGSRC#<real|sample>#<YYYY-MM>   sk CLIENT#<client_uid>
 *   (`contribution`, `org_uid`, `industry_id`, `days_covered`: counts and cents only)
 * - the months         pk RATINGSRC#<real|sample>             sk MONTHS (`months`: string set)
 */
export class DynamoRatingsSources implements RatingsSources {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async file(kind: RatingsKind, c: RatingsContribution): Promise<boolean> {
    const written = await conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: sourceItem(kind, c),
          // A report covering fewer days of the month never replaces a longer one.
          ConditionExpression: 'attribute_not_exists(pk) OR days_covered <= :d',
          ExpressionAttributeValues: { ':d': c.days_covered },
        }),
      ),
    );
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: monthsKey(kind),
        UpdateExpression: 'ADD months :m',
        ExpressionAttributeValues: { ':m': new Set([c.month]) },
      }),
    );
    return written;
  }

  async months(kind: RatingsKind): Promise<string[]> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: monthsKey(kind) }));
    const set = out.Item?.months as Set<string> | string[] | undefined;
    return set ? [...set] : [];
  }

  async listMonth(kind: RatingsKind, month: string): Promise<RatingsContribution[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': sourcePk(kind, month), ':p': 'CLIENT#' },
    });
    return items.map((item) => item.contribution as RatingsContribution);
  }

  async remove(kind: RatingsKind, month: string, clientUid: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: sourcePk(kind, month), sk: `CLIENT#${clientUid}` },
      }),
    );
  }
}
