import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type LakeDataset, legacyGeneration } from './lake';

/**
 * Which generation of a client's dataset readers read (layers/shared/lake.ts). The pointer is
 * one item of the CompaniesTable per client and dataset:
 * `pk CLIENT#<client_uid>, sk LAKE#<dataset>` with `gen` (the current generation) and `version`
 * (bumped by every switch; the import's conditional write checks it). No item: the legacy
 * generation, version 0.
 */
export interface LakeGenerationReader {
  /** The current generation's name. */
  current(clientUid: string, dataset: LakeDataset): Promise<string>;
}

/** The key of a dataset's pointer item. */
export const lakePointerKey = (clientUid: string, dataset: LakeDataset) => ({
  pk: `CLIENT#${clientUid}`,
  sk: `LAKE#${dataset}`,
});

/**
 * LakeGenerationReader on the CompaniesTable: a strongly consistent read, so a report that
 * starts after an import finished reads that import's generation.
 */
export class DynamoLakeGenerationReader implements LakeGenerationReader {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async current(clientUid: string, dataset: LakeDataset): Promise<string> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: lakePointerKey(clientUid, dataset),
        ProjectionExpression: 'gen',
        ConsistentRead: true,
      }),
    );
    return typeof out.Item?.gen === 'string' ? out.Item.gen : legacyGeneration(dataset);
  }
}

/** Readers without pointers (tests, the bench's own lake): always the legacy generation. */
export const LEGACY_GENERATIONS: LakeGenerationReader = {
  current: async (_clientUid, dataset) => legacyGeneration(dataset),
};
