import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { REPORT_QUEUE_WORKER } from '#shared/workers';
import { executionsFromEnv, lazy } from '../adapters/compose';
import type { Executions } from '../core/ports';
import { startQueuedReports } from '../core/start-reports';

/**
 * The report queue consumer (workers.ts REPORT_QUEUE_WORKER): one state-machine execution per
 * message; failed messages come back in batchItemFailures (ReportBatchItemFailures).
 */
export function makeHandler(deps: () => { executions: Executions }) {
  return workerHandler(
    REPORT_QUEUE_WORKER.id,
    (event: SQSEvent): Promise<SQSBatchResponse> =>
      startQueuedReports(
        {
          executions: deps().executions,
          report: (problem, messageId, error) =>
            logger.error(`report message ${problem}`, { messageId, error: error as Error }),
        },
        event.Records.map((r) => ({ messageId: r.messageId, body: r.body })),
      ),
  );
}

// Composition root: built on the first message, reused by the container.
export const handler = makeHandler(lazy(() => ({ executions: executionsFromEnv() })));
