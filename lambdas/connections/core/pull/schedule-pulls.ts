import type { PullDeps } from './ports';
import type { PullMessage } from './pull-message';
import { RUN_LEASE_S } from './pull-property';

/** Messages sent per queue call (SQS SendMessageBatch takes 10). */
const BATCH = 10;

/** What the hourly schedule queued. */
export interface ScheduledPulls {
  /** Properties whose backfill is done: their hourly re-pull. */
  hourly: number;
  /** Backfills whose chain of messages stopped (a pull died, a message was lost). */
  resumed: number;
  /** Properties left alone: a pull or back-off in progress, or access lost. */
  skipped: number;
}

/**
 * The hourly GA4 schedule (GaPullSchedule): queues one GaPull message per connected property
 * that needs one. A property whose backfill is done gets its hourly re-pull; a backfill or
 * back-off whose last activity is older than a pull's lease (RUN_LEASE_S) and whose back-off is
 * over is resumed (its chain of messages broke); a property in progress, or whose access is
 * lost, is left alone (reconnecting starts it again).
 * Steps: 1. walk the GAPULL index; 2. read each pull state; 3. send the messages, 10 a call.
 */
export async function schedulePulls(
  deps: Pick<PullDeps, 'store' | 'queue' | 'now'>,
): Promise<ScheduledPulls> {
  const now = deps.now().getTime();
  const out: ScheduledPulls = { hourly: 0, resumed: 0, skipped: 0 };
  const messages: PullMessage[] = [];
  for (const { client_uid, property_id } of await deps.store.listPulledProperties()) {
    const state = await deps.store.getPropertyState(client_uid, property_id);
    if (!state) continue;
    const activeAt = Date.parse(state.quota_at);
    const retryAt = state.retry_after ? Date.parse(state.retry_after) : Number.NaN;
    const stalled = !(now - activeAt < RUN_LEASE_S * 1000) && !(retryAt > now);
    if (state.pull.state === 'done') {
      messages.push({ client_uid, property_id, reason: 'hourly' });
      out.hourly++;
    } else if (state.pull.state !== 'failed' && stalled) {
      messages.push({ client_uid, property_id, reason: 'retry' });
      out.resumed++;
    } else {
      out.skipped++;
    }
  }
  for (let i = 0; i < messages.length; i += BATCH) {
    await deps.queue.send(messages.slice(i, i + BATCH));
  }
  return out;
}
