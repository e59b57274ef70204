import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { DELIVERY_WORKER } from '#shared/workers';
import { deliveryDepsFromEnv } from '../adapters/delivery-deps';
import { type ConsumeDeliveriesDeps, consumeDeliveries } from '../core/deliver-batch';

/**
 * The DeliveryQueue consumer (workers.ts DELIVERY_WORKER): delivers each scheduled occurrence
 * once (core/deliver.ts); a delivery to retry comes back in batchItemFailures after its delay
 * (ReportBatchItemFailures).
 */
export function makeHandler(deps: () => ConsumeDeliveriesDeps) {
  return workerHandler(DELIVERY_WORKER.id, async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const { batchItemFailures, outcomes } = await consumeDeliveries(
      {
        ...deps(),
        report: (problem, error) => logger.error(problem, { error: error as Error }),
      },
      event.Records.map((r) => ({
        messageId: r.messageId,
        receiptHandle: r.receiptHandle,
        body: r.body,
        receiveCount: Number(r.attributes.ApproximateReceiveCount) || 1,
      })),
    );
    for (const o of outcomes) if (o) logger.info('scheduled delivery', { outcome: o.outcome });
    return { batchItemFailures };
  });
}

// Composition root: built on the first message, reused by the container.
let built: ConsumeDeliveriesDeps | undefined;
export const handler = makeHandler(() => {
  built ??= deliveryDepsFromEnv();
  return built;
});
