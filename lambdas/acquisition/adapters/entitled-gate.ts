import type { Caller } from '#shared/auth/caller';
import { availableProductsOf, type EntitlementDeps } from '#shared/billing/entitlements';
import { gateFor } from '#shared/billing/ratings-gates';
import type { RealRatingsGate } from '../core/ports';

/**
 * The `calculator_real` gate (layers/shared/billing/ratings-gates.ts) on the billing
 * entitlements of the caller's organisations: staff, or a caller whose available_products set
 * the gate's flag (Industry Insights' station ratings).
 */
export class EntitledGate implements RealRatingsGate {
  constructor(private readonly entitlements: EntitlementDeps) {}

  async allowsReal(caller: Caller): Promise<boolean> {
    if (caller.staff) return true;
    const flags = await availableProductsOf(this.entitlements, caller.userId);
    return gateFor('calculator_real', flags, { staff: caller.staff }).allowed;
  }
}
