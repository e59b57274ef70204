import type { Executions } from './ports';
import { reportStepPayloadSchema } from './step-payload.schema';

/** One queue message (the SQS record's id and body). */
export interface QueuedMessage {
  messageId: string;
  body: string;
}

/** Dependencies of {@link startQueuedReports}; `report` receives problems worth logging. */
export interface StartReportsDeps {
  executions: Executions;
  report?: (problem: 'malformed' | 'start_failed', messageId: string, error?: unknown) => void;
}

/**
 * Starts one state-machine execution per queued report (the report queue consumer).
 * Steps: 1. parse each body as a ReportStepPayload; 2. start the execution named after the
 * report (a retried message finds it already started and starts nothing twice); 3. collect the
 * messages that failed so SQS retries only those.
 * @returns `{ batchItemFailures }` in the SQS partial-batch shape. Malformed bodies are reported
 *   and dropped (retrying cannot fix them).
 */
export async function startQueuedReports(
  deps: StartReportsDeps,
  messages: readonly QueuedMessage[],
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const message of messages) {
    const parsed = reportStepPayloadSchema.safeParse(parseJson(message.body));
    if (!parsed.success) {
      deps.report?.('malformed', message.messageId);
      continue;
    }
    try {
      await deps.executions.start(parsed.data);
    } catch (error) {
      deps.report?.('start_failed', message.messageId, error);
      batchItemFailures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
