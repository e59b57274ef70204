import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '#shared/aws/conditional-write';
import type { CallActivity } from '#shared/contracts/call-centre.schema';
import {
  type CallFollowup,
  type CallRecord,
  type CallSearchHit,
  callStatusText,
} from '#shared/contracts/call-record';
import { followupChange, followupSlot } from '../core/followup-index';
import { nameMatches, nameTokens, type RankedHit, rankHits, words } from '../core/name-search';
import { FACT_KEYS, newCallRecord, withFacts } from '../core/new-record';
import type { ActivityEntry, CallFacts, CallRecordStore, SaveOutcome } from '../core/ports';
import { followupOps, queryFollowups, renameFollowup } from './dynamo-followup-index';

type Db = Pick<DynamoDBDocumentClient, 'send'>;
type Item = Record<string, unknown>;

/** Activities that can change the status text, so the search items are rewritten with them. */
const STATUS_ACTIVITIES: ReadonlySet<CallActivity> = new Set([
  'signup',
  'set_followup',
  'not_interested',
  'end_call',
]);
/** Query pages one search reads at most (a one-letter search in a big list stops there). */
const MAX_SEARCH_PAGES = 10;
const RETRIES = 8;

const recordKey = (id: string) => ({ pk: `CALL#${id}`, sk: 'RECORD' });
const activityKey = (id: string, activityId: string) => ({
  pk: `CALL#${id}`,
  sk: `ACT#${activityId}`,
});

/** The name-search items of a record: pk `NAME#<first char>`, sk `<token>#<id>`. */
export function searchItems(record: CallRecord): Item[] {
  return nameTokens(record.name).map((token) => ({
    pk: `NAME#${token.charAt(0)}`,
    sk: `${token}#${record.id}`,
    kind: 'call_name',
    id: record.id,
    name: record.name,
    industry: record.industry,
    status_text: callStatusText(record),
    airings: record.airings,
  }));
}

function fromItem(item: Item): CallRecord {
  const { pk: _pk, sk: _sk, kind: _kind, ...record } = item;
  return record as unknown as CallRecord;
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, 2 ** attempt * 25));

/**
 * CallRecordStore on the CallRecordsTable (pk/sk strings; lib/stacks/data.stack.ts). Items:
 * - record: pk `CALL#<id>`, sk `RECORD`; `updated_at` is its version (saves are conditional on it);
 * - history: pk `CALL#<id>`, sk `ACT#<activity_id>` (one per saved activity, never twice);
 * - name search: pk `NAME#<first char of a name word>`, sk `<word>#<id>` holding id, name,
 *   industry, status_text and airings: a search Queries begins_with on its first word, then
 *   filters the other words in memory;
 * - follow-up index: pk `FOLLOWUP#<day>`, sk `<time or 99:99>#<id>` holding id, name, industry,
 *   day, time, tz, agent_email (who set it) and status_text, one per record with a pending
 *   follow-up (core/followup-index.ts). Saves move it in their transaction; a list refresh
 *   renames it (a refresh never changes a status). Not backfilled: it started empty, with no
 *   production data yet.
 */
export class DynamoCallRecordStore implements CallRecordStore {
  constructor(
    private readonly db: Db,
    private readonly table: string,
  ) {}

  async get(id: string): Promise<CallRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: recordKey(id), ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : null;
  }

  async search(text: string, limit: number): Promise<CallSearchHit[]> {
    const searchWords = words(text);
    const first = searchWords[0];
    if (!first) return [];
    const hits = new Map<string, RankedHit>();
    let start: Item | undefined;
    for (let page = 0; page < MAX_SEARCH_PAGES; page++) {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :word)',
          ExpressionAttributeValues: { ':pk': `NAME#${first.charAt(0)}`, ':word': first },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const hit = item as unknown as RankedHit;
        if (nameMatches(hit.name, searchWords)) hits.set(hit.id, hit);
      }
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    return rankHits([...hits.values()], text, limit);
  }

  async hasActivity(id: string, activityId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: activityKey(id, activityId),
        ProjectionExpression: 'pk',
        ConsistentRead: true,
      }),
    );
    return out.Item !== undefined;
  }

  async saveActivity(
    next: CallRecord,
    previous: CallRecord,
    entry: ActivityEntry,
  ): Promise<SaveOutcome> {
    const tokens = STATUS_ACTIVITIES.has(entry.activity) ? searchItems(next) : [];
    // The record's condition pins `previous` as the stored version, so its follow-up is too.
    const followups = followupOps(this.table, followupChange(previous, next, entry));
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...recordKey(next.id), kind: 'call_record', ...next },
                ConditionExpression: 'updated_at = :expected',
                ExpressionAttributeValues: { ':expected': previous.updated_at },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...activityKey(next.id, entry.activity_id),
                  kind: 'call_activity',
                  ...entry,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...tokens.map((Item) => ({ Put: { TableName: this.table, Item } })),
            ...followups,
          ],
        }),
      );
      return 'saved';
    } catch (error) {
      const reasons = cancellationReasons(error);
      const [recordReason, historyReason] = reasons;
      if (historyReason === 'ConditionalCheckFailed') return 'duplicate';
      if (recordReason === 'ConditionalCheckFailed') return 'conflict';
      if (reasons.includes('TransactionConflict')) return 'conflict';
      throw error;
    }
  }

  async upsertFacts(
    facts: readonly CallFacts[],
    now: Date,
  ): Promise<{ created: number; updated: number }> {
    const unique = [...new Map(facts.map((f) => [f.id, f])).values()];
    const stored = await this.getMany(unique.map((f) => f.id));
    const writes: Item[] = [];
    const deletes: Item[] = [];
    const updates: Array<{ record: CallRecord; old: CallRecord }> = [];
    for (const f of unique) {
      const old = stored.get(f.id);
      const record = old ? withFacts(old, f, now) : newCallRecord(f, now);
      if (old) updates.push({ record, old });
      else writes.push({ ...recordKey(f.id), kind: 'call_record', ...record });
      const items = searchItems(record);
      writes.push(...items);
      if (old && old.name !== record.name) {
        const keep = new Set(items.map((i) => `${i.pk}|${i.sk}`));
        for (const gone of searchItems(old))
          if (!keep.has(`${gone.pk}|${gone.sk}`)) deletes.push({ pk: gone.pk, sk: gone.sk });
      }
    }
    for (let i = 0; i < updates.length; i += 10)
      await Promise.all(updates.slice(i, i + 10).map((u) => this.updateFacts(u.record)));
    await this.writeMany(writes, deletes);
    for (const { record, old } of updates) {
      const slot = followupSlot(old);
      if (slot && (old.name !== record.name || old.industry !== record.industry))
        await renameFollowup(this.db, this.table, slot, record);
    }
    return { created: unique.length - updates.length, updated: updates.length };
  }

  async followupsDue(fromDay: string, toDay: string): Promise<CallFollowup[]> {
    return queryFollowups(this.db, this.table, fromDay, toDay);
  }

  /** Replaces only the fact attributes (and the version) of an existing record. */
  private async updateFacts(record: CallRecord): Promise<void> {
    const keys = [...FACT_KEYS, 'updated_at'] as const;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: recordKey(record.id),
        UpdateExpression: `SET ${keys.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(keys.map((k, i) => [`:v${i}`, record[k]])),
      }),
    );
  }

  /** Records by id (BatchGetItem, 100 keys a call, unprocessed keys retried). */
  private async getMany(ids: readonly string[]): Promise<Map<string, CallRecord>> {
    const found = new Map<string, CallRecord>();
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Item[] | undefined = ids.slice(i, i + 100).map(recordKey);
      for (let attempt = 0; keys?.length; attempt++) {
        if (attempt > RETRIES) throw new Error('CallRecordsTable: BatchGetItem kept throttling');
        if (attempt > 0) await pause(attempt);
        const out: BatchGetCommandOutput = await this.db.send(
          new BatchGetCommand({
            RequestItems: { [this.table]: { Keys: keys, ConsistentRead: true } },
          }),
        );
        for (const item of out.Responses?.[this.table] ?? []) {
          const record = fromItem(item);
          found.set(record.id, record);
        }
        keys = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return found;
  }

  /** Puts and deletes in BatchWriteItem calls of 25 (unprocessed items retried). */
  private async writeMany(puts: readonly Item[], deletes: readonly Item[]): Promise<void> {
    const requests = [
      ...puts.map((Item) => ({ PutRequest: { Item } })),
      ...deletes.map((Key) => ({ DeleteRequest: { Key } })),
    ];
    for (let i = 0; i < requests.length; i += 25) {
      let batch: typeof requests | undefined = requests.slice(i, i + 25);
      for (let attempt = 0; batch?.length; attempt++) {
        if (attempt > RETRIES) throw new Error('CallRecordsTable: BatchWriteItem kept throttling');
        if (attempt > 0) await pause(attempt);
        const out: BatchWriteCommandOutput = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: batch } }),
        );
        batch = out.UnprocessedItems?.[this.table] as typeof requests | undefined;
      }
    }
  }
}
