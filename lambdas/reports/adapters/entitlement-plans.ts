import type { AvailableProducts } from '#shared/billing/available-products';
import {
  availableProductsOf,
  type EntitlementDeps,
  type SubscriptionRecord,
} from '#shared/billing/entitlements';
import type { PlanReads, Plans } from '../core/report-session-ports';

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

  /**
   * With `orgUids`, the subscriptions of those organisations, without reading the memberships;
   * an organisation in `started` (startPlanReads) takes the read already made.
   */
  availableProducts(
    userId: string,
    orgUids?: readonly string[],
    started?: PlanReads,
  ): Promise<AvailableProducts> {
    if (!orgUids) return availableProductsOf(this.entitlements, userId);
    const memberships = {
      organizationsOf: async () => orgUids.map((org_uid) => ({ org: { org_uid } })),
    };
    const { subscriptions } = this.entitlements;
    const reader = {
      subscriptionsOf: (orgUid: string) =>
        started?.get(orgUid) ?? subscriptions.subscriptionsOf(orgUid),
    };
    return availableProductsOf(
      { ...this.entitlements, memberships, subscriptions: reader },
      userId,
    );
  }

  /** Starts each organisation's subscriptions read (its summary GetItem: dynamo-subscriptions.ts). */
  startPlanReads(orgUids: readonly string[]): PlanReads {
    const reads = new Map<string, Promise<SubscriptionRecord[]>>();
    for (const org of new Set(orgUids)) {
      const read = this.entitlements.subscriptions.subscriptionsOf(org);
      // Handled here: a read nobody asks for (the caller left the organisation) must not go
      // unhandled; availableProducts still sees its failure.
      read.catch(() => {});
      reads.set(org, read);
    }
    return reads;
  }
}
