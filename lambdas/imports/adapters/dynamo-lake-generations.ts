import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, conditionHeld } from '#shared/aws/conditional-write';
import { queryAll } from '#shared/aws/query-all';
import { BUMP_LIST_VERSION, clientListVersionKey } from '#shared/companies/client-list-version';
import { type LakeDataset, legacyGeneration } from '#shared/lake';
import { lakePointerKey } from '#shared/lake-generations';
import type { GenerationPointer, LakeGarbage, LakeGenerations, SwitchExtras } from '../core/ports';
import { catalogKey } from './dynamo-import-jobs';

/** gsi1pk of the pointers that have generations to delete (a sparse index of the sweeper's work). */
const GC_PARTITION = 'LAKE_GC';

/** A pending or retired generation as kept in the pointer's string sets: `<since>|<gen>`. */
const entry = (since: string, gen: string) => `${since}|${gen}`;

/**
 * LakeGenerations on the CompaniesTable. The pointer item (layers/shared/lake-generations.ts)
 * `pk CLIENT#<client_uid>, sk LAKE#<dataset>` holds `gen`, `version`, and the string sets
 * `pending` (generations being written) and `retired` (replaced ones), each entry
 * `<ISO time>|<gen>`; while either set has entries the item is in gsi1 under `LAKE_GC`, where
 * the sweeper finds it.
 */
export class DynamoLakeGenerations implements LakeGenerations {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async current(clientUid: string, dataset: LakeDataset): Promise<GenerationPointer> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: lakePointerKey(clientUid, dataset),
        ConsistentRead: true,
      }),
    );
    const item = out.Item;
    return {
      gen: typeof item?.gen === 'string' ? item.gen : legacyGeneration(dataset),
      version: typeof item?.version === 'number' ? item.version : 0,
    };
  }

  async begin(clientUid: string, dataset: LakeDataset, gen: string, since: Date) {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: lakePointerKey(clientUid, dataset),
        UpdateExpression: 'ADD pending :p SET gsi1pk = :gc, gsi1sk = :at',
        ExpressionAttributeValues: {
          ':p': new Set([entry(since.toISOString(), gen)]),
          ':gc': GC_PARTITION,
          ':at': since.toISOString(),
        },
      }),
    );
  }

  async switchTo(
    clientUid: string,
    dataset: LakeDataset,
    from: GenerationPointer,
    to: { gen: string; since: Date },
    at: Date,
    extras: SwitchExtras = {},
  ): Promise<boolean> {
    const now = at.toISOString();
    const items: NonNullable<
      ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
    > = [
      {
        Update: {
          TableName: this.table,
          Key: lakePointerKey(clientUid, dataset),
          ConditionExpression:
            from.version === 0 ? 'attribute_not_exists(version)' : 'version = :v',
          UpdateExpression:
            'SET gen = :to, version = :next, gsi1pk = :gc, gsi1sk = :now ADD retired :old DELETE pending :mine',
          ExpressionAttributeValues: {
            ':to': to.gen,
            ':next': from.version + 1,
            ':gc': GC_PARTITION,
            ':now': now,
            ':old': new Set([entry(now, from.gen)]),
            ':mine': new Set([entry(to.since.toISOString(), to.gen)]),
            ...(from.version === 0 ? {} : { ':v': from.version }),
          },
        },
      },
    ];
    if (extras.summary) {
      items.push({
        Update: {
          TableName: this.table,
          Key: { pk: `CLIENT#${clientUid}`, sk: 'META' },
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression:
            'SET airings = :a, first_airing_utc = :f, last_airing_utc = :l, station_airings = :sa, media_airings = :ma, has_costs = :c',
          ExpressionAttributeValues: {
            ':a': extras.summary.airings,
            ':f': extras.summary.first_airing_utc,
            ':l': extras.summary.last_airing_utc,
            ':sa': extras.summary.station_airings ?? {},
            ':ma': extras.summary.media_airings ?? {},
            ':c': extras.summary.has_costs === true,
          },
        },
      });
      // The task list's cached client lists learn of the new facts from this bump.
      if (extras.listOwner)
        items.push({
          Update: {
            TableName: this.table,
            Key: clientListVersionKey(extras.listOwner),
            ...BUMP_LIST_VERSION,
          },
        });
    }
    const known = extras.known;
    if (known && (known.stations.length > 0 || known.markets.length > 0)) {
      const parts = [
        ...(known.stations.length ? ['stations :s'] : []),
        ...(known.markets.length ? ['markets :m'] : []),
      ];
      items.push({
        Update: {
          TableName: this.table,
          Key: catalogKey(clientUid),
          UpdateExpression: `ADD ${parts.join(', ')}`,
          ExpressionAttributeValues: {
            ...(known.stations.length ? { ':s': new Set(known.stations) } : {}),
            ...(known.markets.length ? { ':m': new Set(known.markets) } : {}),
          },
        },
      });
    }
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (cancellationReasons(error)[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async forget(g: LakeGarbage): Promise<void> {
    const key = lakePointerKey(g.clientUid, g.dataset);
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: key,
        UpdateExpression: `DELETE ${g.kind} :e`,
        ExpressionAttributeValues: { ':e': new Set([entry(g.since, g.gen)]) },
      }),
    );
    // Nothing left to delete: out of the sweeper's index.
    await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          ConditionExpression: 'attribute_not_exists(pending) AND attribute_not_exists(retired)',
          UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        }),
      ),
    );
  }

  async garbage(pendingBefore: Date, retiredBefore: Date): Promise<LakeGarbage[]> {
    const out: LakeGarbage[] = [];
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :gc',
      ExpressionAttributeValues: { ':gc': GC_PARTITION },
    });
    for (const item of items) {
      const clientUid = String(item.pk).replace(/^CLIENT#/, '');
      const dataset = String(item.sk).replace(/^LAKE#/, '') as LakeDataset;
      const collect = (kind: LakeGarbage['kind'], before: string) => {
        const set = item[kind];
        if (!(set instanceof Set)) return;
        for (const value of set) {
          const [since = '', gen = ''] = String(value).split('|');
          // Never the current generation (a retired entry could name it after a re-switch).
          if (since < before && gen !== item.gen)
            out.push({ clientUid, dataset, gen, kind, since });
        }
      };
      collect('pending', pendingBefore.toISOString());
      collect('retired', retiredBefore.toISOString());
    }
    return out;
  }
}
