import {
  ASSOCIATION_DISCOUNT,
  associationLineFor,
  combineProducts,
  isAssociationLine,
  isEnterpriseLike,
  type PaygoFeature,
  type PlanId,
  type ProductId,
  paygoLookupKey,
  priceLineFor,
} from '#shared/billing/price-table';
import { Conflict, ValidationError } from '#shared/errors';
import type { PaymentsSubscription } from './ports';
import { toRecord } from './subscription-copy';

/** order_product input after parsing (billing.schema.ts orderProductSchema). */
export interface OrderRequest {
  plan: PlanId;
  product?: ProductId;
  organization_uid: string;
  association_code?: string;
  features?: string[];
}

/** An item of the planned subscription, by lookup key (resolved to price ids later). */
export type PlannedItem =
  | { id: string; lookup_key: string }
  | { id: string; deleted: true }
  | { lookup_key: string };

/** What ordering does (order-product.ts carries it out). */
export type OrderStep =
  /** Enterprise-like: quoted after a contact request, nothing charged. */
  | { kind: 'contact' }
  /** Paygo without features: the $0 Starter entitlement, no Stripe subscription. */
  | { kind: 'paygo_local' }
  /** Already owned: nothing changes. */
  | { kind: 'unchanged' }
  | {
      kind: 'create';
      lookup_keys: string[];
      coupon: string | null;
      metadata: Record<string, string>;
    }
  | {
      kind: 'update';
      subscription_id: string;
      items: PlannedItem[];
      /** undefined: discounts unchanged; null: removed; a coupon id: applied. */
      coupon?: string | null;
      metadata: Record<string, string>;
    };

/** Messages of refused orders. */
export const ORDER_MESSAGES = {
  product: 'Choose a product.',
  associationCode: 'This association code is not valid.',
  paygoOnPlan:
    'Your subscription already includes unlimited insights. Add a product to your plan instead.',
} as const;

/**
 * Is the association code one of ours? Empty or absent: no claim.
 * @throws ValidationError (`association_code`) for a code that is not one of ours.
 */
export function associationClaimed(code: string | undefined, codes: readonly string[]): boolean {
  const wanted = (code ?? '').trim().toUpperCase();
  if (!wanted) return false;
  if (!codes.includes(wanted))
    throw new ValidationError(ORDER_MESSAGES.associationCode, 'association_code');
  return true;
}

const discountable = (lookupKey: string) =>
  (ASSOCIATION_DISCOUNT.applies_to as readonly string[]).includes(lookupKey);

/**
 * Decides what an order does (spec §4 "Plan choice", "Contract states"; §9 "Plans").
 * Pure. Rules:
 * 1. Enterprise, and team with advertiser or both, are enterprise-like: contact, nothing charged.
 * 2. Paygo: $0 (a local entitlement) without features; features are a Stripe subscription of
 *    their prices, added to an existing paygo subscription (new features only).
 * 3. Individual and team: a subscription with the plan's price line. With an active
 *    subscription, the product is combined (advertiser + industry = both) and its price
 *    REPLACES the old one (the cycle resets with a prorated credit); owning it already changes
 *    nothing.
 * 4. The association discount applies to the lines in ASSOCIATION_DISCOUNT.applies_to when a
 *    valid code is given, and stays on when an already discounted subscription changes to
 *    another discountable line. A member ordering both products (or adding one to discounted
 *    Industry Insights) gets the member price line instead (ASSOCIATION_LINES: 20% off the
 *    Industry Insights part), and the coupon comes off.
 * @param existing the organisation's entitled Stripe subscription, or null.
 * @throws ValidationError without a product for individual/team or with an unknown association
 *   code; Conflict for paygo features on an unlimited plan.
 */
export function planOrder(args: {
  request: OrderRequest;
  callerId: string;
  existing: PaymentsSubscription | null;
  associationCodes: readonly string[];
}): OrderStep {
  const { request, existing } = args;
  const { plan } = request;
  if (plan === 'enterprise') return { kind: 'contact' };
  if (plan !== 'paygo' && !request.product)
    throw new ValidationError(ORDER_MESSAGES.product, 'product');
  if (plan === 'team' && isEnterpriseLike(plan, request.product ?? 'both'))
    return { kind: 'contact' };
  const claimed = associationClaimed(request.association_code, args.associationCodes);
  const current = existing ? toRecord(existing, request.organization_uid, new Date(0)) : null;
  const subscriber = existing?.metadata.subscriber_user_id || args.callerId;
  const metadata = (p: PlanId, product: ProductId | null, features: readonly string[]) => ({
    organization_uid: request.organization_uid,
    plan: p,
    product: product ?? '',
    features: features.join(','),
    subscriber_user_id: subscriber,
  });

  if (plan === 'paygo') {
    const wanted = [...new Set(request.features ?? [])] as PaygoFeature[];
    if (!existing || !current) {
      if (wanted.length === 0) return { kind: 'paygo_local' };
      return {
        kind: 'create',
        lookup_keys: wanted.map(paygoLookupKey),
        coupon: null,
        metadata: metadata('paygo', null, wanted),
      };
    }
    if (current.plan !== 'paygo') {
      if (wanted.length === 0) return { kind: 'unchanged' };
      throw new Conflict(ORDER_MESSAGES.paygoOnPlan);
    }
    const added = wanted.filter((f) => !current.features.includes(f));
    if (added.length === 0) return { kind: 'unchanged' };
    return {
      kind: 'update',
      subscription_id: existing.id,
      items: added.map((f) => ({ lookup_key: paygoLookupKey(f) })),
      metadata: metadata('paygo', null, [...current.features, ...added]),
    };
  }

  const ordered = request.product as ProductId;
  const product =
    current && current.plan !== 'paygo' ? combineProducts(current.product, ordered) : ordered;
  if (isEnterpriseLike(plan, product)) return { kind: 'contact' };
  const keepsDiscount =
    (existing?.discount_percent ?? 0) > 0 ||
    (existing?.items.some((i) => isAssociationLine(i.lookup_key ?? '')) ?? false);
  const member = claimed || keepsDiscount;
  const line = (member ? associationLineFor(plan, product) : null) ?? priceLineFor(plan, product);
  if (!line) throw new ValidationError(ORDER_MESSAGES.product, 'product');
  const coupon = discountable(line.lookup_key) && member ? ASSOCIATION_DISCOUNT.coupon_id : null;
  if (!existing || !current) {
    return {
      kind: 'create',
      lookup_keys: [line.lookup_key],
      coupon,
      metadata: metadata(plan, product, []),
    };
  }
  if (current.plan === plan && current.product === product) return { kind: 'unchanged' };
  const [first, ...rest] = existing.items;
  const items: PlannedItem[] = [
    first ? { id: first.id, lookup_key: line.lookup_key } : { lookup_key: line.lookup_key },
    ...rest.map((i) => ({ id: i.id, deleted: true as const })),
  ];
  return {
    kind: 'update',
    subscription_id: existing.id,
    items,
    coupon: coupon ?? (keepsDiscount ? null : undefined),
    metadata: metadata(plan, product, []),
  };
}
