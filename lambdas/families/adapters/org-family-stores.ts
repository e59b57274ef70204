import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import {
  type DynamoDBDocumentClient,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import type { ClientRecord } from '#shared/companies/companies';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import type { ActivityFacts } from '../core/activity';
import type { ActivitySource, StationClients } from '../core/org-rollup-ports';

/**
 * The organisation families' stores in AWS and locally (the CompaniesTable, the reports bucket,
 * the connections store).
 */

/**
 * Clients that aired on a station, from the CompaniesTable's client items (`pk CLIENT#<uid>`,
 * `sk META`, whose `station_airings` map the post-log import keeps). No index holds clients by
 * station, so this is a filtered Scan: only the station month's Build step calls it, once per
 * job, never a request path.
 */
export class DynamoStationClients implements StationClients {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async clientsOn(station: string): Promise<ClientRecord[]> {
    const out: ClientRecord[] = [];
    let start: ScanCommandInput['ExclusiveStartKey'];
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'begins_with(pk, :c) AND sk = :m AND station_airings.#s > :zero',
          ExpressionAttributeNames: { '#s': station.toUpperCase() },
          ExpressionAttributeValues: { ':c': 'CLIENT#', ':m': 'META', ':zero': 0 },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const { pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _h, ...client } = item;
        out.push(client as ClientRecord);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }
}

/**
 * Activity facts from where the product records them:
 * - reports run: the stored report documents `reports/<client_uid>/<report_id>.json` of the
 *   reports bucket, at their LastModified (a run that failed stored none and is not counted);
 * - airings imported: the organisations' import jobs (CompaniesTable gsi1 `ORG#<org>`,
 *   `IMPORT#<created_at>`) that finished (`complete`), counting their new airings;
 * - connections: each client's Google Analytics connections, at their created_at;
 * - logins: null, no sign-in record is kept (Cognito keeps none without advanced security).
 */
export class StoredActivityFacts implements ActivitySource {
  constructor(
    private readonly parts: {
      db: Pick<DynamoDBDocumentClient, 'send'>;
      table: string;
      s3: S3Client;
      reportsBucket: string;
      connections: Pick<ConnectionsStore, 'listConnections'>;
    },
  ) {}

  async factsOf(
    clients: readonly ClientRecord[],
    orgUids: readonly string[],
    fromIso: string,
    toIso: string,
  ): Promise<ActivityFacts> {
    const [reports, imports, connections] = await Promise.all([
      Promise.all(clients.map((c) => this.reportsOf(c.client_uid))).then((r) => r.flat()),
      Promise.all(orgUids.map((o) => this.importsOf(o, fromIso, toIso))).then((r) => r.flat()),
      Promise.all(
        clients.map(async (c) =>
          (await this.parts.connections.listConnections(c.client_uid)).map((x) => ({
            client_uid: c.client_uid,
            at: x.created_at,
          })),
        ),
      ).then((r) => r.flat()),
    ]);
    return { reports, imports, connections, logins: null };
  }

  private async reportsOf(clientUid: string) {
    const prefix = `reports/${clientUid}/`;
    const out: Array<{ client_uid: string; at: string }> = [];
    let token: string | undefined;
    do {
      const page = await this.parts.s3.send(
        new ListObjectsV2Command({
          Bucket: this.parts.reportsBucket,
          Prefix: prefix,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key?.endsWith('.json') && o.LastModified)
          out.push({ client_uid: clientUid, at: o.LastModified.toISOString() });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  private async importsOf(orgUid: string, fromIso: string, toIso: string) {
    const items = await queryAll(this.parts.db, {
      TableName: this.parts.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :org AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':org': `ORG#${orgUid}`,
        ':from': `IMPORT#${fromIso}`,
        ':to': `IMPORT#${toIso}`,
      },
    });
    return items
      .filter((i) => i.status === 'complete' && typeof i.client_uid === 'string' && i.client_uid)
      .map((i) => ({
        client_uid: String(i.client_uid),
        at: String(i.updated_at ?? i.created_at),
        airings: Number((i.report as { new_spots?: number } | undefined)?.new_spots ?? 0),
      }));
  }
}
