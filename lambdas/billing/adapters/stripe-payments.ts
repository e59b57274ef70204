import Stripe from 'stripe';
import { CardError, NotFound } from '#shared/errors';
import type {
  CardSummary,
  NewPrice,
  NewSubscription,
  Payments,
  PriceInfo,
  SetupIntentInfo,
  SubscriptionChange,
} from '../core/ports';
import { collectionParams, idOf, toInvoice, toSubscription } from './stripe-mapping';

/** Invoices billed for an order: the subscription's creation or a change of its items. */
const ORDER_REASONS = ['subscription_create', 'subscription_update'];
/** How many recent invoices of a subscription are searched for its latest order's invoice. */
const ORDER_LOOKBACK = 24;

/**
 * Payments on the real `stripe` SDK (Stripe in AWS; the local stand-in locally: the same code).
 * The client is built on first use (the keys may come from Secrets Manager). A card refusal
 * (StripeCardError) becomes our CardError with Stripe's message; other Stripe errors propagate
 * (500 with the generic message, logged).
 */
export class StripePayments implements Payments {
  constructor(private readonly client: () => Promise<Stripe>) {}

  private async call<T>(fn: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = await this.client();
    try {
      return await fn(stripe);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new CardError(error.message);
      throw error;
    }
  }

  ensureCustomer(org: { organization_uid: string; name: string; email: string }) {
    return this.call(async (s) => {
      const customer = await s.customers.create(
        { name: org.name, email: org.email, metadata: { organization_uid: org.organization_uid } },
        { idempotencyKey: `customer-${org.organization_uid}` },
      );
      return customer.id;
    });
  }

  updateCustomer(customerId: string, d: Parameters<Payments['updateCustomer']>[1]) {
    return this.call(async (s) => {
      await s.customers.update(customerId, {
        name: d.name,
        email: d.email,
        phone: d.phone,
        address: { ...d.address },
      });
    });
  }

  createSetupIntent(customerId: string, organizationUid: string) {
    return this.call(async (s) => {
      // No payment-method types: cards are among Stripe's defaults, and the card form only
      // confirms cards.
      const intent = await s.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        metadata: { organization_uid: organizationUid },
      });
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
      return { id: intent.id, client_secret: intent.client_secret };
    });
  }

  retrieveSetupIntent(id: string): Promise<SetupIntentInfo> {
    return this.call(async (s) => {
      try {
        const i = await s.setupIntents.retrieve(id);
        return {
          id: i.id,
          status: i.status,
          customer: idOf(i.customer as string | { id: string } | null),
          payment_method: idOf(i.payment_method),
          error_message: i.last_setup_error?.message ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          throw new NotFound('Card setup');
        throw error;
      }
    });
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
    return this.call(async (s) => {
      await s.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
    });
  }

  listPaymentMethods(customerId: string): Promise<CardSummary[]> {
    return this.call(async (s) => {
      const customer = await s.customers.retrieve(customerId);
      if (customer.deleted) return [];
      const defaultId = idOf(customer.invoice_settings?.default_payment_method);
      const list = await s.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
      return list.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? 'card',
        last4: pm.card?.last4 ?? '',
        exp_month: pm.card?.exp_month ?? 0,
        exp_year: pm.card?.exp_year ?? 0,
        default: pm.id === defaultId,
      }));
    });
  }

  createSubscription(spec: NewSubscription, idempotencyKey: string) {
    return this.call(async (s) => {
      const sub = await s.subscriptions.create(
        {
          customer: spec.customer,
          items: spec.price_ids.map((price) => ({ price })),
          metadata: spec.metadata,
          ...(spec.coupon ? { discounts: [{ coupon: spec.coupon }] } : {}),
          ...collectionParams(spec.collection),
          // A refused first payment fails the call; no incomplete subscription is left behind.
          ...(spec.collection === 'card'
            ? { payment_behavior: 'error_if_incomplete' as const }
            : {}),
        },
        { idempotencyKey },
      );
      return toSubscription(sub);
    });
  }

  updateSubscription(id: string, change: SubscriptionChange, idempotencyKey: string) {
    return this.call(async (s) => {
      const params: Stripe.SubscriptionUpdateParams = { metadata: change.metadata };
      if (change.items.length > 0)
        params.items = change.items.map((i) =>
          'deleted' in i ? { id: i.id, deleted: true } : { ...i },
        );
      if (change.coupon === null) params.discounts = '';
      else if (change.coupon) params.discounts = [{ coupon: change.coupon }];
      if (change.collection) Object.assign(params, collectionParams(change.collection));
      if (change.reset_cycle) {
        params.billing_cycle_anchor = { type: 'now' };
        params.proration_behavior = 'create_prorations';
        if (change.collection !== 'invoice') params.payment_behavior = 'error_if_incomplete';
      }
      return toSubscription(await s.subscriptions.update(id, params, { idempotencyKey }));
    });
  }

  setCancelAtPeriodEnd(id: string, cancel: boolean) {
    return this.call(async (s) =>
      toSubscription(await s.subscriptions.update(id, { cancel_at_period_end: cancel })),
    );
  }

  listSubscriptions(customerId: string) {
    return this.call(async (s) => {
      const list = await s.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
      return list.data.map(toSubscription).sort((a, b) => b.created - a.created);
    });
  }

  listInvoices(customerId: string, limit: number) {
    return this.call(async (s) => {
      const list = await s.invoices.list({ customer: customerId, limit });
      return list.data.map(toInvoice).sort((a, b) => b.created - a.created);
    });
  }

  orderInvoicePaid(subscriptionId: string) {
    return this.call(async (s) => {
      const list = await s.invoices.list({ subscription: subscriptionId, limit: ORDER_LOOKBACK });
      const order = list.data
        .sort((a, b) => b.created - a.created)
        .find((i) => ORDER_REASONS.includes(i.billing_reason ?? ''));
      return order === undefined || order.status === 'paid';
    });
  }

  pricesByLookupKey(lookupKeys: readonly string[]) {
    return this.call(async (s) => {
      const found = new Map<string, PriceInfo>();
      // Stripe takes up to 10 lookup keys per list call.
      for (let i = 0; i < lookupKeys.length; i += 10) {
        const list = await s.prices.list({
          lookup_keys: lookupKeys.slice(i, i + 10),
          active: true,
          limit: 100,
        });
        for (const p of list.data) {
          if (!p.lookup_key) continue;
          found.set(p.lookup_key, {
            id: p.id,
            lookup_key: p.lookup_key,
            unit_amount: p.unit_amount ?? 0,
            product_id: idOf(p.product) ?? '',
          });
        }
      }
      return found;
    });
  }

  createPrice(price: NewPrice) {
    return this.call(async (s) => {
      const p = await s.prices.create(
        {
          currency: 'usd',
          unit_amount: price.unit_amount,
          recurring: { interval: 'month' },
          lookup_key: price.lookup_key,
          transfer_lookup_key: price.transfer_lookup_key,
          ...('id' in price.product
            ? { product: price.product.id }
            : { product_data: { name: price.product.name } }),
        },
        { idempotencyKey: `price-${price.lookup_key}-${price.unit_amount}` },
      );
      return {
        id: p.id,
        lookup_key: price.lookup_key,
        unit_amount: p.unit_amount ?? price.unit_amount,
        product_id: idOf(p.product) ?? '',
      };
    });
  }

  ensureCoupon(coupon: { id: string; percent_off: number; name: string }) {
    return this.call(async (s): Promise<'created' | 'exists'> => {
      try {
        await s.coupons.retrieve(coupon.id);
        return 'exists';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404))
          throw error;
      }
      await s.coupons.create(
        { id: coupon.id, percent_off: coupon.percent_off, duration: 'forever', name: coupon.name },
        { idempotencyKey: `coupon-${coupon.id}` },
      );
      return 'created';
    });
  }
}
