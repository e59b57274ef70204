import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { dmaOfRow } from '#shared/reference/dmas';
import { industryOfRow } from '#shared/reference/industries';
import { SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS } from '#shared/reference/shipped';
import { workerHandler } from '#shared/worker-handler';
import { ENV, REFERENCE_SEED_WORKER } from '#shared/workers';
import { DynamoReference } from '../adapters/dynamo-reference';
import { loadReference, type ReferenceStore } from '../core/reference';

/** What the custom-resource provider framework expects back. */
export interface SeedResult {
  PhysicalResourceId: string;
  /** Items written per list (the provider exposes them as the resource's attributes). */
  Data?: Record<string, number>;
}

/** One physical id for the stage's reference lists: an update reloads them in place. */
const PHYSICAL_ID = 'reference-lists';

/**
 * The deploy-time seed (workers.ts REFERENCE_SEED_WORKER, the ReferenceSeed custom resource):
 * on Create and on every Update (the resource's `Version` is a digest of the shipped lists, so
 * a changed list means an update) it writes the shipped industries, regions and DMAs to the
 * reference table, replacing what was there. On Delete it leaves the lists: a retained table
 * keeps its names. A failed write throws, which fails the deploy (and rolls it back) rather
 * than leaving a stage without names.
 */
export function makeHandler(store: () => ReferenceStore) {
  return workerHandler(
    REFERENCE_SEED_WORKER.id,
    async (event: CloudFormationCustomResourceEvent): Promise<SeedResult> => {
      if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
      const written = await loadReference(
        store(),
        {
          industries: SHIPPED_IAB_ROWS.map(industryOfRow),
          dmas: SHIPPED_DMA_ROWS.map(dmaOfRow),
        },
        true,
      );
      logger.info('reference lists loaded', written);
      return { PhysicalResourceId: PHYSICAL_ID, Data: written };
    },
  );
}

// Composition root: the table is read on the (single) invocation.
const store = lazy(
  () => new DynamoReference(ddbDocClient(), requiredEnv(process.env, ENV.companiesTable)),
);
export const handler = makeHandler(() => store);
