import type { PullDeps } from './ports';
import { parsePullMessage } from './pull-message';
import { type PullOutcome, pullProperty } from './pull-property';

/** One queue message (the SQS record's id and body). */
export interface QueuedPull {
  messageId: string;
  body: string;
}

/** What the consumer reports to the handler's log (never a token or a Google body). */
export type PullReport =
  | { event: 'malformed'; messageId: string }
  | { event: 'done'; messageId: string; outcome: PullOutcome }
  | { event: 'failed'; messageId: string; error: unknown };

/**
 * The GaPull consumer: pulls the property of each message (pullProperty).
 * Steps: 1. parse each body (malformed ones are reported and dropped: retrying cannot fix
 * them); 2. pull, one message after another; 3. collect the messages that failed so SQS
 * retries only those (and dead-letters them after its receive count).
 * @returns `{ batchItemFailures }` in the SQS partial-batch shape.
 */
export async function consumePulls(
  deps: PullDeps,
  messages: readonly QueuedPull[],
  report: (r: PullReport) => void = () => {},
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const { messageId, body } of messages) {
    const message = parsePullMessage(body);
    if (!message) {
      report({ event: 'malformed', messageId });
      continue;
    }
    try {
      report({ event: 'done', messageId, outcome: await pullProperty(deps, message) });
    } catch (error) {
      report({ event: 'failed', messageId, error });
      batchItemFailures.push({ itemIdentifier: messageId });
    }
  }
  return { batchItemFailures };
}
