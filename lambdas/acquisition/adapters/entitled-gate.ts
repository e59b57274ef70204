import type { Caller } from '#shared/auth/caller';
import { availableProductsOf, type EntitlementDeps } from '#shared/billing/entitlements';
import { gateFor, type RatingsFeature } from '#shared/billing/ratings-gates';
import type { RealRatingsGate } from '../core/ports';

/**
 * The `calculator_real` and `ratings_dayparts` gates (layers/shared/billing/ratings-gates.ts) on
 * the billing entitlements of the caller's organisations: staff, or a caller whose
 * available_products set the gate's flag (Industry Insights' station and daypart ratings).
 */
export class EntitledGate implements RealRatingsGate {
  constructor(private readonly entitlements: EntitlementDeps) {}

  async allowsReal(caller: Caller): Promise<boolean> {
    return this.allows('calculator_real', caller);
  }

  async allowsDayparts(caller: Caller): Promise<boolean> {
    return this.allows('ratings_dayparts', caller);
  }

  private async allows(feature: RatingsFeature, caller: Caller): Promise<boolean> {
    if (caller.staff) return true;
    const flags = await availableProductsOf(this.entitlements, caller.userId);
    return gateFor(feature, flags, { staff: caller.staff }).allowed;
  }
}
