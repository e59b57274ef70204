import type { SQSClient } from '@aws-sdk/client-sqs';
import { Cron } from 'croner';
import { GA_PULL_SCHEDULE_WORKER, GA_PULL_WORKER } from '#shared/workers';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import type { LocalSqs } from './sqs';
import { startSqsPoller } from './sqs-poller';

/**
 * The GA4 pull on the local stack, as AWS runs it: the GaPull worker consumes the local GaPull
 * queue one message at a time (the event source's batch size in AWS), and the GaPullSchedule
 * worker runs at the top of every hour (croner, as EventBridge does). Failures are logged,
 * never fatal.
 * @returns its stop step (waits for the pull in hand).
 */
export function startLocalGaPull(opts: {
  client: SQSClient;
  sqs: Pick<LocalSqs, 'gaPullQueueUrl' | 'gaPullQueueArn'>;
  log: (line: string) => void;
}): () => Promise<void> {
  const poller = startSqsPoller({
    client: opts.client,
    queueUrl: opts.sqs.gaPullQueueUrl,
    queueArn: opts.sqs.gaPullQueueArn,
    handlerPath: GA_PULL_WORKER.handler,
    functionName: GA_PULL_WORKER.id,
    batchSize: 1,
    log: opts.log,
  });
  const every = GA_PULL_SCHEDULE_WORKER.everyMinutes;
  const schedule = new Cron(
    every === 60 ? '0 * * * *' : `*/${every} * * * *`,
    { protect: true },
    async () => {
      try {
        const handler = await loadHandler(GA_PULL_SCHEDULE_WORKER.handler);
        await handler(
          {},
          lambdaContext(GA_PULL_SCHEDULE_WORKER.id, GA_PULL_SCHEDULE_WORKER.timeoutS),
        );
      } catch (error) {
        opts.log(`GA4 pull schedule failed: ${(error as Error).message}`);
      }
    },
  );
  return async () => {
    schedule.stop();
    await poller.stop();
  };
}
