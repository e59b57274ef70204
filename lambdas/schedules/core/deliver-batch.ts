import { deliveryMessageSchema } from '#shared/contracts/schedules.schema';
import { type DeliverDeps, type DeliveryOutcome, deliverScheduled } from './deliver';

/** One DeliveryQueue message as the consumer sees it. */
export interface DeliveryRecord {
  messageId: string;
  /** Needed to change the message's visibility (its retry delay). */
  receiptHandle: string;
  body: string;
  /** How many times the queue has handed the message out (1 = first). */
  receiveCount: number;
}

/** Makes a message the consumer gives back wait before the queue hands it out again. */
export interface MessageDelays {
  /** @param seconds 0-43,200 (SQS's visibility limit). */
  delay(receiptHandle: string, seconds: number): Promise<void>;
}

/** Dependencies of {@link consumeDeliveries}. */
export interface ConsumeDeliveriesDeps extends DeliverDeps {
  delays: MessageDelays;
  /** Problems worth logging (malformed message, a delay that could not be set). */
  report?: (problem: string, error: unknown) => void;
}

/**
 * The DeliveryQueue consumer (workers.ts DELIVERY_WORKER), shaped like the report queue's
 * (core/start-reports.ts in reports): each message is delivered on its own; a malformed body is
 * reported and dropped; a message to try again later gets its visibility set to the retry delay
 * (ChangeMessageVisibility: 1, 5, 25 minutes) and is returned in `batchItemFailures`, so SQS
 * hands it out again then; an unexpected error returns it with the queue's own timeout.
 * @returns `{ batchItemFailures }` in the SQS partial-batch shape, and each message's outcome.
 */
export async function consumeDeliveries(
  deps: ConsumeDeliveriesDeps,
  records: readonly DeliveryRecord[],
): Promise<{
  batchItemFailures: { itemIdentifier: string }[];
  outcomes: (DeliveryOutcome | null)[];
}> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  const outcomes: (DeliveryOutcome | null)[] = [];
  for (const record of records) {
    const parsed = deliveryMessageSchema.safeParse(parseJson(record.body));
    if (!parsed.success) {
      deps.report?.('malformed delivery message', record.messageId);
      outcomes.push(null);
      continue;
    }
    try {
      const outcome = await deliverScheduled(deps, parsed.data, record.receiveCount);
      outcomes.push(outcome);
      if (outcome.outcome !== 'retry') continue;
      batchItemFailures.push({ itemIdentifier: record.messageId });
      await deps.delays.delay(record.receiptHandle, outcome.afterS).catch((error: unknown) => {
        deps.report?.('retry delay not set', error);
      });
    } catch (error) {
      deps.report?.('delivery failed before it was claimed', error);
      outcomes.push(null);
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures, outcomes };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
