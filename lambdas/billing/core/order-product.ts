import { createHash } from 'node:crypto';
import type { Organization } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { ENTITLED_STATUSES } from '#shared/billing/available-products';
import { availableProductsOf } from '#shared/billing/entitlements';
import { BILLING_MESSAGES, type OrderResult } from '#shared/contracts/billing.schema';
import { ValidationError } from '#shared/errors';
import { customerFor, isPersonalOrg, requireBillingManager } from './billing-access';
import { BillingRequired } from './billing-errors';
import { billingProfileOf } from './get-billing-profile';
import { type OrderRequest, type OrderStep, planOrder } from './order-plan';
import type { BillingAccount, BillingDeps, ItemChange, PaymentsSubscription } from './ports';
import { syncCustomer } from './sync-customer';
import { priceIds } from './sync-prices';

/** True when the account can pay: a default card, or invoicing with a contact. */
export function billingSetUp(account: BillingAccount | null): boolean {
  if (account?.billing_method === 'card') return account.card_last4 !== null;
  return account?.billing_method === 'invoice' && account.contact !== null;
}

/**
 * A Stripe idempotency key for this order in this state: the same order retried against the
 * same subscriptions reuses the key (Stripe answers the first result), while a new order, or
 * the same order after the subscriptions changed, gets a new one.
 */
export function orderKey(
  request: OrderRequest,
  subs: readonly PaymentsSubscription[],
  method: 'card' | 'invoice',
): string {
  const state = subs
    .map((s) => `${s.id}:${s.status}:${s.items.map((i) => i.price_id).join('+')}`)
    .sort()
    .join(',');
  const facts = [
    request.organization_uid,
    request.plan,
    request.product ?? '',
    [...(request.features ?? [])].sort().join('+'),
    (request.association_code ?? '').trim().toUpperCase(),
    method,
    state,
  ].join('|');
  return `order-${createHash('sha256').update(facts).digest('hex').slice(0, 40)}`;
}

/** Carries out a create or update step in Stripe. @returns the subscription's id. */
async function charge(
  deps: BillingDeps,
  customer: string,
  step: Extract<OrderStep, { kind: 'create' | 'update' }>,
  method: 'card' | 'invoice',
  key: string,
): Promise<string> {
  if (step.kind === 'create') {
    const prices = await priceIds(deps, step.lookup_keys);
    const created = await deps.payments.createSubscription(
      {
        customer,
        price_ids: prices,
        coupon: step.coupon,
        collection: method,
        metadata: step.metadata,
      },
      key,
    );
    return created.id;
  }
  const keys = [...new Set(step.items.flatMap((i) => ('lookup_key' in i ? [i.lookup_key] : [])))];
  const ids = await priceIds(deps, keys);
  const prices = new Map(keys.map((k, n) => [k, ids[n] as string]));
  const priceOf = (k: string) => prices.get(k) as string;
  const items: ItemChange[] = step.items.map((i) =>
    'deleted' in i
      ? i
      : 'id' in i
        ? { id: i.id, price: priceOf(i.lookup_key) }
        : { price: priceOf(i.lookup_key) },
  );
  const updated = await deps.payments.updateSubscription(
    step.subscription_id,
    { items, coupon: step.coupon, metadata: step.metadata, reset_cycle: true, collection: method },
    key,
  );
  return updated.id;
}

/** The $0 Starter entitlement (spec §2 "Paygo shows $0 due today"; no Stripe object). */
async function recordPaygo(deps: BillingDeps, org: Organization, callerId: string) {
  const uid = `paygo_${org.org_uid}`;
  const records = await deps.store.subscriptionsOf(org.org_uid);
  if (records.some((r) => r.subscription_uid === uid)) return;
  const at = deps.now().toISOString();
  await deps.store.putSubscription({
    subscription_uid: uid,
    organization_uid: org.org_uid,
    source: 'local',
    customer_id: null,
    plan: 'paygo',
    product: null,
    features: [],
    status: 'active',
    amount: 0,
    discount_percent: 0,
    current_period_start: at,
    current_period_end: '',
    cancel_at_period_end: false,
    subscriber_user_id: callerId,
    synced_at: at,
  });
}

/**
 * POST order_product (spec §7 "Order product POST (plan, product, organization_uid)", §3
 * "Order / sign-up", §4 "Plan choice", "Contract states").
 *
 * Steps:
 * 1. The caller must be an owner or admin; team and enterprise need a real (non-personal)
 *    organisation.
 * 2. Read the organisation's subscriptions from Stripe and plan the order (order-plan.ts).
 * 3. Enterprise-like: outcome `contact`. Paygo without features: the $0 entitlement.
 * 4. A charge needs billing set up; create or change the Stripe subscription with the prices
 *    found by lookup key and an idempotency key of the order and the current state.
 * 5. Copy the organisation's subscriptions from Stripe now (no waiting for the webhook), so the
 *    answer's flags are already right. An order whose subscription has no paid invoice yet (an
 *    invoice order, unless staff approved the customer) is `pending`: it unlocks nothing until
 *    the invoice is paid.
 * @returns the outcome (`subscribed`, `pending` or `contact`), the refreshed profile (null for
 *   `contact`) and the caller's flags.
 * @throws ValidationError (organization_uid) for team/enterprise on a personal organisation;
 *   BillingRequired when a charge is due and billing is not set up; CardError when the card is
 *   refused; the errors of planOrder and requireBillingManager.
 */
export async function orderProduct(
  deps: BillingDeps,
  caller: Caller,
  request: OrderRequest,
): Promise<OrderResult> {
  const { org } = await requireBillingManager(deps, caller, request.organization_uid);
  if (request.plan === 'team' || request.plan === 'enterprise') {
    if (isPersonalOrg(org, await deps.accounts.getProfile(caller.userId)))
      throw new ValidationError(BILLING_MESSAGES.organization, 'organization_uid');
  }
  const account = await deps.store.getAccount(org.org_uid);
  const customer = account?.stripe_customer_id ?? null;
  const subs = customer ? await deps.payments.listSubscriptions(customer) : [];
  const existing =
    subs.find((s) => (ENTITLED_STATUSES as readonly string[]).includes(s.status)) ?? null;
  const step = planOrder({
    request,
    callerId: caller.userId,
    existing,
    associationCodes: deps.associationCodes,
  });

  if (step.kind === 'paygo_local') await recordPaygo(deps, org, caller.userId);
  let pending = false;
  if (step.kind === 'create' || step.kind === 'update') {
    if (!billingSetUp(account)) throw new BillingRequired();
    const method = account?.billing_method === 'invoice' ? 'invoice' : 'card';
    const payer = await customerFor(deps, org);
    const subId = await charge(deps, payer, step, method, orderKey(request, subs, method));
    await syncCustomer(deps, payer, org.org_uid);
    const copy = (await deps.store.subscriptionsOf(org.org_uid)).find(
      (r) => r.subscription_uid === subId,
    );
    pending = copy?.awaiting_payment === true;
  }
  if (step.kind === 'unchanged' && existing) {
    const copy = (await deps.store.subscriptionsOf(org.org_uid)).find(
      (r) => r.subscription_uid === existing.id,
    );
    pending = copy?.awaiting_payment === true;
  }
  const flags = await availableProductsOf(
    { memberships: deps.accounts, subscriptions: deps.store, now: deps.now },
    caller.userId,
  );
  return {
    outcome: step.kind === 'contact' ? 'contact' : pending ? 'pending' : 'subscribed',
    profile: step.kind === 'contact' ? null : await billingProfileOf(deps, org),
    available_products: flags,
  };
}
