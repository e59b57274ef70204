import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import type { IndustryTrend } from '#shared/contracts/industry-insights.schema';
import type { IndustryBenchmarkStore } from '../core/industry-benchmarks';
import type { IndustryContribution } from '../core/industry-contribution';

/** Partition of an industry's contributions: real and sample-data clients never mix. */
const industryPk = (industryId: string, sampleData: boolean) =>
  `INDUSTRY#${industryId}#${sampleData ? 'sample' : 'real'}`;

/** Partition of every industry's weekly trend of one kind (about 250 small items). */
const trendsPk = (sampleData: boolean) => `TRENDS#${sampleData ? 'sample' : 'real'}`;

/**
 * Industry Insights contributions on the CompaniesTable (pk, sk strings):
 * - the client's latest   pk CLIENT#<client_uid>                 sk BENCHMARK
 * - filed under industry  pk INDUSTRY#<id>#<real|sample>        sk CLIENT#<client_uid>
 * - an industry's trend   pk TRENDS#<real|sample>                sk INDUSTRY#<id>   (`trend`)
 * Each item holds one IndustryContribution (counts only: no names, money or times) under
 * `contribution`. Puts replace, so a retried Store step writes the same item again.
 */
export class DynamoIndustryBenchmarks implements IndustryBenchmarkStore {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async getOwn(clientUid: string): Promise<IndustryContribution | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `CLIENT#${clientUid}`, sk: 'BENCHMARK' },
      }),
    );
    return (out.Item?.contribution as IndustryContribution | undefined) ?? null;
  }

  async putOwn(contribution: IndustryContribution): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: `CLIENT#${contribution.client_uid}`, sk: 'BENCHMARK', contribution },
      }),
    );
  }

  async putInIndustry(industryId: string, contribution: IndustryContribution): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: industryPk(industryId, contribution.sample_data),
          sk: `CLIENT#${contribution.client_uid}`,
          contribution,
        },
      }),
    );
  }

  async removeFromIndustry(industryId: string, clientUid: string, sampleData: boolean) {
    await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: industryPk(industryId, sampleData), sk: `CLIENT#${clientUid}` },
      }),
    );
  }

  async listIndustry(industryId: string, sampleData: boolean): Promise<IndustryContribution[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': industryPk(industryId, sampleData), ':p': 'CLIENT#' },
    });
    return items.map((item) => item.contribution as IndustryContribution);
  }

  async putTrend(industryId: string, sampleData: boolean, trend: IndustryTrend | null) {
    const Key = { pk: trendsPk(sampleData), sk: `INDUSTRY#${industryId}` };
    if (!trend) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key }));
      return;
    }
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...Key, industry_id: industryId, trend } }),
    );
  }

  async listTrends(sampleData: boolean): Promise<Map<string, IndustryTrend>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': trendsPk(sampleData) },
    });
    return new Map(items.map((item) => [item.industry_id as string, item.trend as IndustryTrend]));
  }
}
