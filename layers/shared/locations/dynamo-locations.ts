import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../aws/query-all';
import { Conflict, NotFound } from '../errors';
import { type KnownStore, type Location, type LocationsStore, storeTaken } from './locations';

const pk = (clientUid: string) => `CLIENT#${clientUid}`;
const LOCATION = 'LOCATION#';
/** A store id's claim: at most one location per store id and client. */
const CLAIM = 'LOCSTORE#';
const KNOWN = 'FTSTORE#';
/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;

/**
 * LocationsStore on the CompaniesTable. Items, all under the client's partition:
 * - location     pk CLIENT#<client>  sk LOCATION#<uid>      the Location fields
 * - store claim  pk CLIENT#<client>  sk LOCSTORE#<store_id> { location_uid }
 * - known store  pk CLIENT#<client>  sk FTSTORE#<store_id>  { dma_code } (written by imports)
 * A location and its claim are written and removed in one transaction, each conditional, so two
 * racing adds of one store id leave exactly one location.
 */
export class DynamoLocations implements LocationsStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async listLocations(clientUid: string): Promise<Location[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk(clientUid), ':sk': LOCATION },
    });
    return items
      .map(toLocation)
      .sort((a, b) => a.name.localeCompare(b.name) || a.store_id.localeCompare(b.store_id));
  }

  async getLocation(clientUid: string, uid: string): Promise<Location | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: pk(clientUid), sk: LOCATION + uid } }),
    );
    return out.Item ? toLocation(out.Item) : null;
  }

  async createLocation(clientUid: string, location: Location): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  pk: pk(clientUid),
                  sk: CLAIM + location.store_id,
                  location_uid: location.uid,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { pk: pk(clientUid), sk: LOCATION + location.uid, ...location },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException)
        throw new Conflict(storeTaken(location.store_id));
      throw error;
    }
  }

  async updateLocation(clientUid: string, location: Location): Promise<void> {
    const old = await this.getLocation(clientUid, location.uid);
    if (!old) throw new NotFound('Location');
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  pk: pk(clientUid),
                  sk: LOCATION + old.uid,
                  ...location,
                  uid: old.uid,
                  store_id: old.store_id,
                },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException) throw new NotFound('Location');
      throw error;
    }
  }

  async deleteLocation(clientUid: string, uid: string): Promise<void> {
    const old = await this.getLocation(clientUid, uid);
    if (!old) throw new NotFound('Location');
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: { pk: pk(clientUid), sk: LOCATION + uid },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Delete: {
                TableName: this.table,
                Key: { pk: pk(clientUid), sk: CLAIM + old.store_id },
                ConditionExpression: 'location_uid = :uid',
                ExpressionAttributeValues: { ':uid': uid },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException) throw new NotFound('Location');
      throw error;
    }
  }

  async listKnownStores(clientUid: string): Promise<KnownStore[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk(clientUid), ':sk': KNOWN },
    });
    return items.map((i) => ({
      store_id: String(i.sk).slice(KNOWN.length),
      dma_code: String(i.dma_code ?? ''),
    }));
  }

  async recordKnownStores(clientUid: string, stores: readonly KnownStore[]): Promise<void> {
    for (let i = 0; i < stores.length; i += BATCH) {
      let requests: Record<string, unknown>[] | undefined = stores.slice(i, i + BATCH).map((s) => ({
        PutRequest: {
          Item: { pk: pk(clientUid), sk: KNOWN + s.store_id, dma_code: s.dma_code },
        },
      }));
      // Unprocessed items come back under throttling: resend them until none is left.
      for (let tries = 0; requests && requests.length > 0 && tries < 8; tries++) {
        const out = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = out.UnprocessedItems?.[this.table] as Record<string, unknown>[] | undefined;
      }
    }
  }
}

function toLocation(item: Record<string, unknown>): Location {
  return {
    uid: String(item.uid),
    store_id: String(item.store_id),
    name: String(item.name ?? ''),
    address: String(item.address ?? ''),
    dma_code: String(item.dma_code ?? ''),
    timezone: String(item.timezone ?? ''),
    nickname: (item.nickname as string | null | undefined) ?? null,
    hours: (item.hours as Location['hours'] | undefined) ?? null,
  };
}
