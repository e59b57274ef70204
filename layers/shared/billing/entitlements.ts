import {
  type AvailableProducts,
  deriveAvailableProducts,
  type Entitlement,
  grantsAccess,
} from './available-products';
import type { PaygoFeature, PlanId, ProductId } from './price-table';

/**
 * The read side of billing (spec §6): which subscriptions entitle a user, and the
 * available_products flags that follow. Shared so the accounts (get_session) and reports
 * (paywall) contexts read entitlements without importing lambdas/billing. The billing context
 * writes the records (lambdas/billing/core/sync-customer.ts copies them from Stripe).
 */

/**
 * Our copy of one subscription of an organisation (CompaniesTable `ORG#<org>` / `SUB#<id>`).
 * Stripe is the source: webhooks and the hourly reconcile rewrite the copy from it. Instants are
 * ISO-8601 UTC; money is integer cents per month.
 */
export interface SubscriptionRecord {
  /** Stripe's `sub_...`, or `paygo_<org>` for the $0 Starter entitlement. */
  subscription_uid: string;
  organization_uid: string;
  /** 'stripe': a copy of a Stripe subscription; 'local': the $0 paygo entitlement (no Stripe object). */
  source: 'stripe' | 'local';
  /** Stripe customer (`cus_...`); null for local records. */
  customer_id: string | null;
  plan: PlanId;
  /** null for a paygo subscription without a product line. */
  product: ProductId | null;
  /** Paygo features unlocked one by one. */
  features: PaygoFeature[];
  /** Stripe's status (active, trialing, past_due, canceled, unpaid, incomplete, ...). */
  status: string;
  /** Integer cents per month after discounts. */
  amount: number;
  /** 0-100. */
  discount_percent: number;
  /** ISO-8601; '' when the record has no period (local paygo). */
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  /** Who ordered it; individual and paygo plans entitle only this user. */
  subscriber_user_id: string | null;
  /**
   * Live but granting nothing yet: the invoice of its latest order (creation or change) is not
   * paid and staff have not approved the customer (an invoice order before it is paid). Absent
   * in older copies: false.
   */
  awaiting_payment?: boolean;
  /** When a sync first saw it past_due (the grace period counts from here), ISO-8601; else null. */
  past_due_since?: string | null;
  /** When the copy was last written, ISO-8601. */
  synced_at: string;
}

/** Reads the subscription records of an organisation. */
export interface SubscriptionReader {
  subscriptionsOf(orgUid: string): Promise<SubscriptionRecord[]>;
}

/** A user's organisations (AccountsRepository.organizationsOf fits). */
export interface MembershipReader {
  organizationsOf(userId: string): Promise<{ org: { org_uid: string } }[]>;
}

/** What the entitlement functions read. */
export interface EntitlementDeps {
  memberships: MembershipReader;
  subscriptions: SubscriptionReader;
  /** The clock access is judged at (the past_due grace period). @default the current time */
  now?: () => Date;
}

/**
 * Does the record entitle `userId`? Team and enterprise plans are organisation-level (spec §6
 * "Team and enterprise are organization-level"): every member. Individual and paygo plans
 * entitle only the user who ordered them (`subscriber_user_id`).
 */
export function coversUser(record: SubscriptionRecord, userId: string): boolean {
  if (record.plan === 'team' || record.plan === 'enterprise') return true;
  return record.subscriber_user_id === userId;
}

/**
 * True when the record grants access at `now` (available-products.ts accessOf: live, paid or
 * approved, past_due only within the grace period).
 */
export function isEntitled(
  record: Pick<SubscriptionRecord, 'status' | 'awaiting_payment' | 'past_due_since'>,
  now: Date = new Date(),
): boolean {
  return grantsAccess(record, now);
}

/**
 * Every subscription record (any status) of the user's organisations that covers the user.
 * @returns records in membership order.
 */
export async function subscriptionsFor(
  deps: EntitlementDeps,
  userId: string,
): Promise<SubscriptionRecord[]> {
  const orgs = await deps.memberships.organizationsOf(userId);
  const lists = await Promise.all(
    orgs.map(({ org }) => deps.subscriptions.subscriptionsOf(org.org_uid)),
  );
  return lists.flat().filter((r) => coversUser(r, userId));
}

/** The user's entitlements (records that cover them, with their status). */
export async function entitlementsOf(
  deps: EntitlementDeps,
  userId: string,
): Promise<Entitlement[]> {
  const records = await subscriptionsFor(deps, userId);
  return records.map((r) => ({
    plan: r.plan,
    product: r.product,
    features: r.features,
    status: r.status,
    awaiting_payment: r.awaiting_payment ?? false,
    past_due_since: r.past_due_since ?? null,
  }));
}

/** The user's available_products flags (spec §6), from {@link entitlementsOf}. */
export async function availableProductsOf(
  deps: EntitlementDeps,
  userId: string,
): Promise<AvailableProducts> {
  return deriveAvailableProducts(
    await entitlementsOf(deps, userId),
    false,
    deps.now?.() ?? new Date(),
  );
}
