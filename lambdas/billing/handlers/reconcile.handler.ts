import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { BILLING_RECONCILE_WORKER } from '#shared/workers';
import { billingDeps } from '../adapters/billing-deps';
import type { BillingDeps } from '../core/ports';
import { type ReconcileResult, reconcile } from '../core/reconcile';
import { type PriceSyncResult, syncPrices } from '../core/sync-prices';

/**
 * The BillingReconcile worker (workers.ts BILLING_RECONCILE_WORKER; EventBridge hourly, locally
 * a croner job): syncs the price table to Stripe, then re-copies every organisation's
 * subscriptions from Stripe.
 */
export function makeHandler(deps: () => BillingDeps) {
  return workerHandler(
    BILLING_RECONCILE_WORKER.id,
    async (): Promise<ReconcileResult & { prices: PriceSyncResult }> => {
      const d = deps();
      const prices = await syncPrices(d);
      const result = await reconcile(d);
      logger.info('billing reconcile', { ...result, created: prices.created, moved: prices.moved });
      return { ...result, prices };
    },
  );
}

export const handler = makeHandler(billingDeps);
