import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../../../layers/shared/aws/query-all';
import type {
  CompanyFilters,
  StationGroup,
} from '../../../layers/shared/contracts/companies.schema';
import type { CompanyPrefs, CompanyPrefsStore } from '../core/company-list-ports';

/**
 * CompanyPrefsStore on the CompaniesTable, under the user's partition:
 * - saved filters  pk USER#<user>  sk COMPANY_FILTERS   { filters, station_groups }
 * - favourite      pk USER#<user>  sk FAV#<client_uid>  { added_at }
 * One GetItem and one Query per load.
 */
export class DynamoCompanyPrefs implements CompanyPrefsStore {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async load(userId: string): Promise<CompanyPrefs> {
    const [saved, favs] = await Promise.all([
      this.db.send(new GetCommand({ TableName: this.table, Key: filtersKey(userId) })),
      queryAll(this.db, {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :f)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':f': 'FAV#' },
        ProjectionExpression: 'sk',
      }),
    ]);
    return {
      filters: (saved.Item?.filters as CompanyFilters | undefined) ?? null,
      station_groups: (saved.Item?.station_groups as StationGroup[] | undefined) ?? [],
      favorites: new Set(favs.map((f) => String(f.sk).slice('FAV#'.length))),
    };
  }

  async saveFilters(userId: string, filters: CompanyFilters, groups?: StationGroup[]) {
    const keep =
      groups ??
      (((await this.db.send(new GetCommand({ TableName: this.table, Key: filtersKey(userId) })))
        .Item?.station_groups as StationGroup[] | undefined) ||
        []);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...filtersKey(userId), filters, station_groups: keep },
      }),
    );
  }

  async setFavorite(userId: string, clientUid: string, added: boolean) {
    const Key = { pk: `USER#${userId}`, sk: `FAV#${clientUid}` };
    if (added)
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...Key, added_at: new Date().toISOString() },
        }),
      );
    else await this.db.send(new DeleteCommand({ TableName: this.table, Key }));
  }
}

const filtersKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'COMPANY_FILTERS' });
