import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import { Conflict } from '#shared/errors';
import type {
  FreeReportUsage,
  ReportSettingsStore,
  SavedReportRecord,
  SavedReportsStore,
  StoredSettings,
} from '../core/report-session-ports';
import { newestFirst, plain } from './session-records';

/**
 * The report-session ports on the SessionsTable (pk, sk strings; no index). Items:
 * - settings      pk RSET#<user_id>     sk CLIENT#<client_uid>  { settings, updated_at }
 * - saved report  pk SAVED#<client_uid> sk SAVED#<saved_id>     SavedReportRecord
 * - free usage    pk FREE#<user_id>     sk CLIENTS              { client_uids: string set }
 * Saved reports are created with attribute_not_exists (a retried save adds nothing twice); the
 * free-report claim is one conditional ADD to a string set, so racing runs cannot pass the limit.
 * None of these items has an `expires_at`: they are kept.
 */
export class DynamoReportSessions
  implements ReportSettingsStore, SavedReportsStore, FreeReportUsage
{
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async getSettings(userId: string, clientUid: string): Promise<StoredSettings | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: settingsKey(userId, clientUid) }),
    );
    if (!out.Item) return null;
    return { settings: out.Item.settings, updated_at: String(out.Item.updated_at) };
  }

  async putSettings(userId: string, clientUid: string, value: StoredSettings): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...settingsKey(userId, clientUid), ...plain(value) },
      }),
    );
  }

  async deleteSettings(userId: string, clientUid: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: settingsKey(userId, clientUid) }),
    );
  }

  async createSaved(record: SavedReportRecord) {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...savedKey(record.client_uid, record.saved_id), ...plain(record) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { created: true, record: plain(record) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await this.getSaved(record.client_uid, record.saved_id);
      if (!existing) throw new Conflict('This saved report id is already in use.');
      return { created: false, record: existing };
    }
  }

  async getSaved(clientUid: string, savedId: string): Promise<SavedReportRecord | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: savedKey(clientUid, savedId),
        ConsistentRead: true,
      }),
    );
    return out.Item ? strip(out.Item) : null;
  }

  async listSaved(clientUid: string): Promise<SavedReportRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `SAVED#${clientUid}`, ':p': 'SAVED#' },
    });
    return newestFirst(items.map(strip));
  }

  async freeClients(userId: string): Promise<string[]> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: usageKey(userId), ConsistentRead: true }),
    );
    const set = out.Item?.client_uids as Set<string> | undefined;
    return set ? [...set] : [];
  }

  async claim(userId: string, clientUid: string, limit: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: usageKey(userId),
          UpdateExpression: 'ADD client_uids :one',
          ConditionExpression:
            'attribute_not_exists(client_uids) OR contains(client_uids, :c) OR size(client_uids) < :limit',
          ExpressionAttributeValues: {
            ':one': new Set([clientUid]),
            ':c': clientUid,
            ':limit': limit,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

const settingsKey = (userId: string, clientUid: string) => ({
  pk: `RSET#${userId}`,
  sk: `CLIENT#${clientUid}`,
});
const savedKey = (clientUid: string, savedId: string) => ({
  pk: `SAVED#${clientUid}`,
  sk: `SAVED#${savedId}`,
});
const usageKey = (userId: string) => ({ pk: `FREE#${userId}`, sk: 'CLIENTS' });

function strip(item: Record<string, unknown>): SavedReportRecord {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as SavedReportRecord;
}
