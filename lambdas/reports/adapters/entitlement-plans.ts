import type { AvailableProducts } from '#shared/billing/available-products';
import { availableProductsOf, type EntitlementDeps } from '#shared/billing/entitlements';
import type { Plans } from '../core/report-session-ports';

/**
 * Plans on the billing entitlements: a user has an active plan when their
 * subscriptions unlock Advertiser Insights (`pro_unlimited`, spec §6), which lifts the
 * two-free-reports limit. Industry Insights alone or paygo features do not; a paygo feature
 * opens its own report section (availableProducts; core/feature-gates.ts).
 */
export class EntitlementPlans implements Plans {
  constructor(private readonly entitlements: EntitlementDeps) {}

  async hasActivePlan(userId: string): Promise<boolean> {
    return (await this.availableProducts(userId)).pro_unlimited;
  }

  /** With `orgUids`, the subscriptions of those organisations, without reading the memberships. */
  availableProducts(userId: string, orgUids?: readonly string[]): Promise<AvailableProducts> {
    if (!orgUids) return availableProductsOf(this.entitlements, userId);
    const memberships = {
      organizationsOf: async () => orgUids.map((org_uid) => ({ org: { org_uid } })),
    };
    return availableProductsOf({ ...this.entitlements, memberships }, userId);
  }
}
