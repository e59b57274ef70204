import { CopyObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '#shared/aws/conditional-write';
import { queryAll } from '#shared/aws/query-all';
import { listKeys } from '#shared/aws/s3-objects';
import { BUMP_LIST_VERSION, clientListVersionKey } from '#shared/companies/client-list-version';
import type { ClientRecord } from '#shared/companies/companies';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { calculatorSchema } from '#shared/contracts/report-session.schema';
// The reports context's reader of stored views (view.json, or a pre-view document less airings).
import { loadStoredView } from '../../reports/core/get-report';
import type { ReportStore } from '../../reports/core/ports';
import type { ReportSettingsStore } from '../../reports/core/report-session-ports';
import type {
  CalculatorReader,
  ClientNames,
  ClientRemoval,
  FavoriteClients,
  ReportFiles,
} from '../core/client-ports';

/** The advertiser name claim item (DynamoCompanies.ensureAdvertiser writes the same). */
const claimKey = (orgUid: string, name: string) => ({
  pk: `ORG#${orgUid}`,
  sk: `ADVERTISER#${name.trim().toLowerCase()}`,
});

/**
 * ClientNames on the CompaniesTable: items `pk ORG#<org>, sk ADVERTISER#<name>` { client_uid }.
 */
export class DynamoClientNames implements ClientNames {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async owner(orgUid: string, name: string): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: claimKey(orgUid, name), ConsistentRead: true }),
    );
    return (out.Item?.client_uid as string | undefined) ?? null;
  }

  async rename(orgUid: string, clientUid: string, oldName: string, newName: string) {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...claimKey(orgUid, newName), client_uid: clientUid },
                ConditionExpression: 'attribute_not_exists(pk) OR client_uid = :me',
                ExpressionAttributeValues: { ':me': clientUid },
              },
            },
            {
              Delete: {
                TableName: this.table,
                Key: claimKey(orgUid, oldName),
                ConditionExpression: 'attribute_not_exists(pk) OR client_uid = :me',
                ExpressionAttributeValues: { ':me': clientUid },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[0] === 'ConditionalCheckFailed') return false;
      // The old name is held by another client (a merge moved it): leave it, claim the new one.
      if (reasons[1] === 'ConditionalCheckFailed') {
        try {
          await this.db.send(
            new PutCommand({
              TableName: this.table,
              Item: { ...claimKey(orgUid, newName), client_uid: clientUid },
              ConditionExpression: 'attribute_not_exists(pk) OR client_uid = :me',
              ExpressionAttributeValues: { ':me': clientUid },
            }),
          );
          return true;
        } catch (e) {
          if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
          throw e;
        }
      }
      throw error;
    }
  }

  async namesOf(orgUid: string, clientUid: string): Promise<string[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
      FilterExpression: 'client_uid = :c',
      ExpressionAttributeValues: { ':pk': `ORG#${orgUid}`, ':a': 'ADVERTISER#', ':c': clientUid },
      ConsistentRead: true,
    });
    return items.map((item) => String(item.sk).slice('ADVERTISER#'.length));
  }

  async reassign(orgUid: string, name: string, toUid: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...claimKey(orgUid, name), client_uid: toUid },
      }),
    );
  }
}

/**
 * ClientRemoval on the CompaniesTable: deletes the client's META item, then bumps its
 * organisation's client-list version (client-list-version.ts), so the task list's cached copies
 * drop it.
 */
export class DynamoClientRemoval implements ClientRemoval {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async deleteClient(client: ClientRecord): Promise<void> {
    await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: `CLIENT#${client.client_uid}`, sk: 'META' },
      }),
    );
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: clientListVersionKey(client),
        ...BUMP_LIST_VERSION,
      }),
    );
  }
}

/**
 * FavoriteClients on the CompaniesTable: `pk USER#<user>, sk FAV#<client>` (the items
 * save_favorite writes, lambdas/companies/adapters/dynamo-company-prefs.ts).
 */
export class DynamoFavoriteClients implements FavoriteClients {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  private key = (userId: string, clientUid: string) => ({
    pk: `USER#${userId}`,
    sk: `FAV#${clientUid}`,
  });

  async isFavorite(userId: string, clientUid: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: this.key(userId, clientUid) }),
    );
    return Boolean(out.Item);
  }

  async setFavorite(userId: string, clientUid: string, added: boolean): Promise<void> {
    if (!added) {
      await this.db.send(
        new DeleteCommand({ TableName: this.table, Key: this.key(userId, clientUid) }),
      );
      return;
    }
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...this.key(userId, clientUid), added_at: new Date().toISOString() },
      }),
    );
  }
}

/**
 * ReportFiles on the reports bucket. A report's objects are `reports/<client>/<id>.json` (the
 * document) and `reports/<client>/<id>/...` (view, drill-down data); a copy copies them all.
 */
export class S3ReportFiles implements ReportFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly store: () => ReportStore,
  ) {}

  view(clientUid: string, reportId: string): Promise<StoredReportView | null> {
    return loadStoredView(this.store(), clientUid, reportId);
  }

  async reportIds(clientUid: string): Promise<string[]> {
    const prefix = `reports/${clientUid}/`;
    const ids = new Set<string>();
    for (const key of await listKeys(this.s3, this.bucket, prefix)) {
      const rest = key.slice(prefix.length);
      const id = rest.includes('/') ? rest.split('/')[0] : rest.replace(/\.json$/, '');
      if (id) ids.add(id);
    }
    return [...ids].sort();
  }

  async copyReport(fromClientUid: string, toClientUid: string, reportId: string): Promise<void> {
    const from = `reports/${fromClientUid}/`;
    const keys = (await listKeys(this.s3, this.bucket, `${from}${reportId}`)).filter(
      (k) => k === `${from}${reportId}.json` || k.startsWith(`${from}${reportId}/`),
    );
    for (const key of keys) {
      await this.s3.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: `reports/${toClientUid}/${key.slice(from.length)}`,
          CopySource: encodeURI(`${this.bucket}/${key}`),
        }),
      );
    }
  }
}

/**
 * CalculatorReader over the report settings (per user and client, the SessionsTable): the saved
 * document's calculator read through its schema; null when nothing was saved.
 */
export class SettingsCalculators implements CalculatorReader {
  constructor(private readonly settings: Pick<ReportSettingsStore, 'getSettings'>) {}

  async calculatorOf(userId: string, clientUid: string) {
    const stored = await this.settings.getSettings(userId, clientUid);
    if (!stored) return null;
    const raw = (stored.settings as { calculator?: unknown } | undefined)?.calculator ?? {};
    const parsed = calculatorSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }
}
