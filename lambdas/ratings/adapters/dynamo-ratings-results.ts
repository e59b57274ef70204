import { randomUUID } from 'node:crypto';
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { PeriodResult, PublishedPeriod } from '../core/model';
import type { RatingsResults } from '../core/ports';

/**
 * Characters of JSON text per chunk item: at most 3 bytes each in UTF-8, so a chunk stays under
 * DynamoDB's 400 KB item limit.
 */
export const RESULT_CHUNK_CHARS = 120_000;
/** Periods kept parsed in the container's memory (published periods never change in place). */
const CACHE_SIZE = 24;

const periodsKey = (kind: RatingsKind) => ({ pk: `RATINGS#${kind}`, sk: 'PERIODS' });
const resultPk = (kind: RatingsKind, period: string) => `RATINGS#${kind}#${period}`;

/** A JSON text cut into pieces of at most `max` characters. */
export function chunkText(text: string, max = RESULT_CHUNK_CHARS): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += max) out.push(text.slice(i, i + max));
  return out.length > 0 ? out : [''];
}

const cache = new Map<string, PeriodResult>();
/**
 * The PERIODS lists, kept PERIODS_TTL_MS: a publish changes them once a day, so a container
 * reads them at most twice a minute instead of on every request. A publish in the same container
 * forgets its kind's list at once.
 */
const periodsCache = new Map<RatingsKind, { at: number; list: PublishedPeriod[] }>();
/** How long a container keeps a PERIODS list, milliseconds. */
export const PERIODS_TTL_MS = 30_000;

/**
 * Published ratings on the CompaniesTable (pk, sk strings):
 * - the periods   pk RATINGS#<real|sample>            sk PERIODS (`periods`: PublishedPeriod[])
 * - a period      pk RATINGS#<real|sample>#<YYYY-MM>  sk GEN#<generation>#<0000..> (`text`)
 * A publish writes the new generation's chunks first, then the PERIODS item naming it, so a
 * reader sees the old result or the new one, never a mix; then it deletes older generations
 * (a reader still holding one parsed keeps it; one that named it a moment before reads nothing
 * once, an empty answer, and the new one next time). A period's result is read with one
 * Query and kept parsed in memory by generation (a published generation never changes).
 */
export class DynamoRatingsResults implements RatingsResults {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly stamp: () => string = () =>
      `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`,
  ) {}

  async periods(kind: RatingsKind): Promise<PublishedPeriod[]> {
    const hit = periodsCache.get(kind);
    if (hit && Date.now() - hit.at < PERIODS_TTL_MS) return [...hit.list];
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: periodsKey(kind) }),
    );
    const list = ((out.Item?.periods as PublishedPeriod[] | undefined) ?? []).sort((a, b) =>
      b.period.localeCompare(a.period),
    );
    periodsCache.set(kind, { at: Date.now(), list });
    return [...list];
  }

  async read(kind: RatingsKind, entry: PublishedPeriod): Promise<PeriodResult | null> {
    const key = `${kind}|${entry.period}|${entry.generation}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: {
        ':pk': resultPk(kind, entry.period),
        ':g': `GEN#${entry.generation}#`,
      },
    });
    if (items.length === 0) return null;
    const text = items
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
      .map((i) => String(i.text))
      .join('');
    const result = JSON.parse(text) as PeriodResult;
    cache.set(key, result);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return result;
  }

  async publish(result: PeriodResult): Promise<PublishedPeriod> {
    const generation = this.stamp();
    const pk = resultPk(result.kind, result.period);
    const chunks = chunkText(JSON.stringify(result));
    for (let i = 0; i < chunks.length; i += 25) {
      let requests = chunks.slice(i, i + 25).map((text, j) => ({
        PutRequest: {
          Item: { pk, sk: `GEN#${generation}#${String(i + j).padStart(4, '0')}`, text },
        },
      }));
      while (requests.length > 0) {
        const out = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (out.UnprocessedItems?.[this.table] ?? []) as typeof requests;
      }
    }
    const entry: PublishedPeriod = {
      period: result.period,
      generation,
      rated: result.rows.length,
      published_at: generation.slice(0, 24),
    };
    periodsCache.delete(result.kind);
    const others = (await this.periods(result.kind)).filter((p) => p.period !== result.period);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...periodsKey(result.kind), periods: [...others, entry] },
      }),
    );
    periodsCache.delete(result.kind);
    // Earlier generations of the period (a forced recompute) are no longer named: delete them.
    const stale = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: { ':pk': pk, ':g': 'GEN#' },
      ProjectionExpression: 'pk, sk',
    });
    const old = stale.filter((i) => !String(i.sk).startsWith(`GEN#${generation}#`));
    for (let i = 0; i < old.length; i += 25) {
      let requests = old
        .slice(i, i + 25)
        .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
      while (requests.length > 0) {
        const out = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (out.UnprocessedItems?.[this.table] ?? []) as typeof requests;
      }
    }
    return entry;
  }
}
