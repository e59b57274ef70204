import type { BillingDeps } from './ports';
import { syncCustomer } from './sync-customer';

/** What a reconcile run did. */
export interface ReconcileResult {
  synced: number;
  failed: number;
}

/**
 * Drift repair: re-copies every organisation's subscriptions from Stripe, so a lost
 * webhook or a race between two deliveries is corrected within the hour (the BillingReconcile
 * worker runs it hourly; locally a croner job). One organisation failing does not stop the
 * others: it is logged (ids only) and counted.
 */
export async function reconcile(
  deps: Pick<BillingDeps, 'payments' | 'store' | 'now' | 'warn'>,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { synced: 0, failed: 0 };
  for (const { organization_uid, customer_id } of await deps.store.customers()) {
    try {
      await syncCustomer(deps, customer_id, organization_uid);
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      deps.warn('billing reconcile failed', {
        organization_uid,
        customer: customer_id,
        error: (error as Error).message,
      });
    }
  }
  return result;
}
