/**
 * The local stack's scheduled workers: the jobs EventBridge runs on a schedule in AWS (billing
 * reconcile every hour, the job sweeper every few minutes), run here with croner against the
 * same worker handlers. Started by startLocalStack (local-stack.ts).
 */

import { Cron } from 'croner';
import { BILLING_RECONCILE_WORKER, JOB_SWEEPER_WORKER } from '#shared/workers';
import { buildBillingDeps } from '../../lambdas/billing/adapters/billing-deps';
import { syncPrices } from '../../lambdas/billing/core/sync-prices';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import type { LocalStripe } from './stripe/stripe-server';

/**
 * Billing on the local stack: syncs the price table into the stand-in now, then runs
 * the BillingReconcile worker (the handler AWS runs) at the top of every hour, as EventBridge
 * does. Failures are logged, never fatal.
 * @returns its stop step.
 */
export async function startBilling(
  stripe: LocalStripe,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  await syncPrices(buildBillingDeps(process.env)).then(
    (r) =>
      log(`stripe prices: ${r.created.length} created, ${r.moved.length} moved (${stripe.url})`),
    (error: Error) => log(`stripe price sync failed: ${error.message}`),
  );
  const job = new Cron('0 * * * *', { protect: true }, async () => {
    try {
      const handler = await loadHandler(BILLING_RECONCILE_WORKER.handler);
      await handler(
        {},
        lambdaContext(BILLING_RECONCILE_WORKER.id, BILLING_RECONCILE_WORKER.timeoutS),
      );
    } catch (error) {
      log(`billing reconcile failed: ${(error as Error).message}`);
    }
  });
  return async () => job.stop();
}

/**
 * The JobSweeper worker (the handler AWS runs) every 5 minutes, as EventBridge does: stuck
 * imports and report runs fail with their reason, unused lake generations go. Failures are
 * logged, never fatal.
 * @returns its stop step.
 */
export function startJobSweeper(log: (line: string) => void): () => Promise<void> {
  const every = JOB_SWEEPER_WORKER.everyMinutes;
  const job = new Cron(`*/${every} * * * *`, { protect: true }, async () => {
    try {
      const handler = await loadHandler(JOB_SWEEPER_WORKER.handler);
      await handler({}, lambdaContext(JOB_SWEEPER_WORKER.id, JOB_SWEEPER_WORKER.timeoutS));
    } catch (error) {
      log(`job sweep failed: ${(error as Error).message}`);
    }
  });
  return async () => job.stop();
}
