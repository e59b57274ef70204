import {
  availableProductsOf,
  type EntitlementDeps,
} from '../../../layers/shared/billing/entitlements';
import type { Plans } from '../core/report-session-ports';

/**
 * Plans on the billing entitlements (issue #6): a user has an active plan when their
 * subscriptions unlock Advertiser Insights (`pro_unlimited`, spec §6), which lifts the
 * two-free-reports limit. Industry Insights alone or paygo features do not.
 */
export class EntitlementPlans implements Plans {
  constructor(private readonly entitlements: EntitlementDeps) {}

  async hasActivePlan(userId: string): Promise<boolean> {
    return (await availableProductsOf(this.entitlements, userId)).pro_unlimited;
  }
}
