import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CompanyFilters, StationGroup } from '#shared/contracts/companies.schema';
import type { CompanyPrefs, CompanyPrefsStore } from '../core/company-list-ports';
import { UserPartition } from './user-partition';

/**
 * CompanyPrefsStore on the CompaniesTable, under the user's partition:
 * - saved filters  pk USER#<user>  sk COMPANY_FILTERS   { filters, station_groups }
 * - favourite      pk USER#<user>  sk FAV#<client_uid>  { added_at }
 * A load is one Query of the user's partition (UserPartition, shared with the caller's roles).
 */
export class DynamoCompanyPrefs implements CompanyPrefsStore {
  private readonly users: UserPartition;

  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    users?: UserPartition,
  ) {
    this.users = users ?? new UserPartition(db, table);
  }

  async load(userId: string): Promise<CompanyPrefs> {
    const items = await this.users.read(userId);
    const saved = items.find((i) => i.sk === 'COMPANY_FILTERS');
    return {
      filters: (saved?.filters as CompanyFilters | undefined) ?? null,
      station_groups: (saved?.station_groups as StationGroup[] | undefined) ?? [],
      favorites: new Set(
        items
          .map((i) => String(i.sk))
          .filter((sk) => sk.startsWith('FAV#'))
          .map((sk) => sk.slice('FAV#'.length)),
      ),
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
