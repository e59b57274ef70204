import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { GENERATE_QUEUE_WORKER } from '#shared/workers';
import { generateExecutionsFromEnv, lazy } from '../adapters/compose';
import type { GenerateExecutions } from '../core/ports';

const messageSchema = z.object({ job_id: z.string().min(1).max(80) });

/**
 * The GenerateQueue consumer (workers.ts GENERATE_QUEUE_WORKER): one Generate execution per
 * message, named after the job (a retried message starts nothing twice); malformed bodies are
 * logged and dropped; failed starts come back in batchItemFailures.
 */
export function makeHandler(deps: () => { executions: GenerateExecutions }) {
  return workerHandler(
    GENERATE_QUEUE_WORKER.id,
    async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const batchItemFailures: { itemIdentifier: string }[] = [];
      for (const record of event.Records) {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          body = undefined;
        }
        const parsed = messageSchema.safeParse(body);
        if (!parsed.success) {
          logger.error('generate message malformed', { messageId: record.messageId });
          continue;
        }
        try {
          await deps().executions.start(parsed.data);
        } catch (error) {
          logger.error('generate message start_failed', {
            messageId: record.messageId,
            error: error as Error,
          });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures };
    },
  );
}

// Composition root: built on the first message, reused by the container.
export const handler = makeHandler(lazy(() => ({ executions: generateExecutionsFromEnv() })));
