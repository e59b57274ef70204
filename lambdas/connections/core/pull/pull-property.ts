import { GA_PULL_WORKER } from '#shared/workers';
import { LocalClock } from './ga4-time';
import type { PullDeps } from './ports';
import type { PullMessage } from './pull-message';
import { planPull } from './pull-plan';
import { PullRun } from './pull-run';
import { sqsDelay } from './quota';
import { rebuildVisitDays } from './rebuild-visits';

// The page size and the withheld-minutes rule live with the run that pages; importers keep
// reaching them here.
export { GA4_PAGE_LIMIT, withheldReason } from './pull-run';

/**
 * How long a started pull owns its property, seconds (the worker's timeout): another message
 * for the property meanwhile is dropped, and after it a pull that died is taken over.
 */
export const RUN_LEASE_S = GA_PULL_WORKER.timeoutS;

/** What one message did. */
export type PullOutcome =
  /** No pull state (the property was removed): nothing to do. */
  | { kind: 'gone' }
  /** The connection is gone or invalid: nothing to pull until it is reconnected. */
  | { kind: 'inactive' }
  /** Another pull of the property holds it. */
  | { kind: 'busy' }
  /** Backing off: the pull is due later (a retry message is queued, delayed). */
  | { kind: 'deferred'; delayS: number }
  /** Days were pulled (or none, when the quota had none to give). */
  | {
      kind: 'pulled';
      days: number;
      /** The days in: from `from` (once the backfill is done: done_through) to `to`. */
      from: string;
      to: string;
      doneThrough: string | null;
      progress: number;
      /** Seconds before the next message for the property, or null when none is queued. */
      nextInS: number | null;
    }
  /** Google withholds the property's minutes: it now pulls hours, from the start again. */
  | { kind: 'hourly'; reason: string }
  /** The grant is gone: the connection is invalid, the owner is told. */
  | { kind: 'revoked' };

/**
 * Pulls one connected property (a GaPull message): the next days of its backfill, or the hourly
 * re-pull of the last days, within its GA4 quota.
 * Steps: 1. read the pull state and the connection (nothing to do when either is gone or
 * invalid); 2. a back-off still running re-delays a retry message and drops others; a pull of
 * the property already running keeps it; 3. claim the property (conditional write) and refill
 * its token bucket; 4. plan the days (pull-plan.ts) and pull them, PULL_CONCURRENCY at a time,
 * while the bucket affords a request, each day paged and staged (Ga4Staging) as it arrives;
 * 5. rebuild the client's visits partitions of the UTC days staged (rebuildVisitDays);
 * 6. record progress (pull-plan.ts marksAfter: the unbroken run of days pulled), the bucket
 * and any back-off; 7. queue the next message when days are left (delayed by the quota's wait), turn
 * the property hourly when Google withholds minutes, or mark the connection invalid and tell
 * the owner when its access is gone.
 * @throws Conflict when another writer changed the pull state meanwhile (SQS retries it), and
 *   whatever else fails (Google 5xx, S3, DynamoDB): the message is retried; days already
 *   staged are pulled again, never counted twice.
 */
export async function pullProperty(deps: PullDeps, message: PullMessage): Promise<PullOutcome> {
  const { client_uid: clientUid, property_id: propertyId } = message;
  const state = await deps.store.getPropertyState(clientUid, propertyId);
  if (!state) return { kind: 'gone' };
  const connection = await deps.store.getConnection(clientUid, state.connection_id);
  if (connection?.status !== 'active') return { kind: 'inactive' };

  const now = deps.now();
  const retryAt = state.retry_after ? Date.parse(state.retry_after) : Number.NaN;
  if (retryAt > now.getTime()) {
    // Only the back-off's own message carries on; others would just multiply.
    if (message.reason !== 'retry') return { kind: 'busy' };
    const delayS = sqsDelay((retryAt - now.getTime()) / 1000);
    await deps.queue.send([{ ...message, reason: 'retry' }], delayS);
    return { kind: 'deferred', delayS };
  }
  if (
    state.pull.state === 'running' &&
    now.getTime() - Date.parse(state.quota_at) < RUN_LEASE_S * 1000
  ) {
    return { kind: 'busy' };
  }

  const clock = new LocalClock(state.time_zone || 'UTC');
  const today = clock.localDay(now);
  const plan = planPull(state.pull, today);
  const run = new PullRun(deps, connection, state, clock, plan, now);
  const claimed = await run.claim();
  if (!claimed) return { kind: 'busy' };
  const results = await run.pullDays();
  const rebuilt = await rebuildVisitDays(
    deps,
    clientUid,
    results.flatMap((r) => (r.kind === 'ok' ? r.utcDays : [])),
  );
  if (rebuilt.minute + rebuilt.hour > 0) await deps.events.visitsLanded?.(clientUid);

  const revoked = results.some((r) => r.kind === 'revoked');
  if (revoked) return run.revoke();
  const withheld = results.find((r) => r.kind === 'withheld');
  if (withheld?.kind === 'withheld') return run.turnHourly(withheld.reason);
  return run.finish(results);
}
