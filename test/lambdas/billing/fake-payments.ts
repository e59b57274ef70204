import { addOneMonth, prorationCredit } from '#shared/billing/proration';
import { CardError, NotFound } from '#shared/errors';
import type {
  CardSummary,
  CustomerDetails,
  InvoiceInfo,
  NewPrice,
  NewSubscription,
  Payments,
  PaymentsSubscription,
  PriceInfo,
  SetupIntentInfo,
  SubscriptionChange,
} from '../../../lambdas/billing/core/ports';

/**
 * Stripe in memory behind the Payments port (core tests): customers, cards, SetupIntents,
 * prices by lookup key, coupons, subscriptions with monthly item periods, invoices (a reset
 * cycle bills the new price minus the prorated credit, as Stripe does) and idempotency keys
 * (a reused key answers the first result). `nowS` is its clock (Unix seconds).
 */
export class FakePayments implements Payments {
  nowS = Date.UTC(2026, 0, 10, 12) / 1000;
  readonly customers = new Map<
    string,
    { org: string; email: string; details: CustomerDetails | null; default_pm: string | null }
  >();
  readonly cards = new Map<string, CardSummary[]>();
  readonly intents = new Map<string, SetupIntentInfo>();
  readonly prices = new Map<string, PriceInfo>();
  readonly coupons = new Map<string, number>();
  readonly subscriptions = new Map<string, PaymentsSubscription>();
  readonly invoices: (InvoiceInfo & { customer: string })[] = [];
  readonly idempotent = new Map<string, unknown>();
  /** Every call by method name (to assert what reached "Stripe"). */
  readonly calls: string[] = [];
  /** The message of the next refused charge, if any. */
  declineWith: string | null = null;
  private n = 0;

  private id(prefix: string) {
    this.n += 1;
    return `${prefix}_${this.n}`;
  }

  private once<T>(key: string, make: () => T): T {
    if (!this.idempotent.has(key)) this.idempotent.set(key, make());
    return structuredClone(this.idempotent.get(key) as T);
  }

  /** Saves a card for a customer as a confirmed SetupIntent would; returns the intent id. */
  confirmCard(customer: string, brand = 'visa', last4 = '4242'): string {
    const pm = this.id('pm');
    const list = this.cards.get(customer) ?? [];
    list.push({ id: pm, brand, last4, exp_month: 12, exp_year: 2028, default: false });
    this.cards.set(customer, list);
    const seti = this.id('seti');
    this.intents.set(seti, {
      id: seti,
      status: 'succeeded',
      customer,
      payment_method: pm,
      error_message: null,
    });
    return seti;
  }

  private bill(sub: PaymentsSubscription, amountDue: number) {
    this.invoices.push({
      id: this.id('in'),
      customer: sub.customer,
      number: `FAKE-${this.invoices.length + 1}`,
      amount_due: Math.max(0, amountDue),
      amount_paid: sub.collection === 'card' ? Math.max(0, amountDue) : 0,
      // Stripe pays a $0 invoice at once, whatever the collection method.
      status: sub.collection === 'card' || amountDue <= 0 ? 'paid' : 'open',
      created: this.nowS,
      hosted_invoice_url: null,
      subscription_id: sub.id,
    });
  }

  private monthly(sub: PaymentsSubscription) {
    const gross = sub.items.reduce((s, i) => s + i.unit_amount * i.quantity, 0);
    return Math.round((gross * (100 - sub.discount_percent)) / 100);
  }

  private priceById(id: string): PriceInfo {
    const price = [...this.prices.values()].find((p) => p.id === id);
    if (!price) throw new Error(`No such price: ${id}`);
    return price;
  }

  private item(priceId: string) {
    const price = this.priceById(priceId);
    return {
      id: this.id('si'),
      price_id: price.id,
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      quantity: 1,
      current_period_start: this.nowS,
      current_period_end: addOneMonth(this.nowS),
    };
  }

  private charge() {
    if (this.declineWith) {
      const message = this.declineWith;
      this.declineWith = null;
      throw new CardError(message);
    }
  }

  async ensureCustomer(org: { organization_uid: string; name: string; email: string }) {
    this.calls.push('ensureCustomer');
    return this.once(`customer-${org.organization_uid}`, () => {
      const id = this.id('cus');
      this.customers.set(id, {
        org: org.organization_uid,
        email: org.email,
        details: null,
        default_pm: null,
      });
      return id;
    });
  }

  async updateCustomer(customerId: string, details: CustomerDetails) {
    this.calls.push('updateCustomer');
    const c = this.customers.get(customerId);
    if (c) c.details = details;
  }

  async createSetupIntent(customerId: string) {
    this.calls.push('createSetupIntent');
    const id = this.id('seti');
    this.intents.set(id, {
      id,
      status: 'requires_payment_method',
      customer: customerId,
      payment_method: null,
      error_message: null,
    });
    return { id, client_secret: `${id}_secret_x` };
  }

  async retrieveSetupIntent(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new NotFound('Card setup');
    return { ...intent };
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
    this.calls.push('setDefaultPaymentMethod');
    const c = this.customers.get(customerId);
    if (c) c.default_pm = paymentMethodId;
  }

  async listPaymentMethods(customerId: string) {
    const def = this.customers.get(customerId)?.default_pm;
    return (this.cards.get(customerId) ?? []).map((c) => ({ ...c, default: c.id === def }));
  }

  async createSubscription(spec: NewSubscription, key: string) {
    this.calls.push('createSubscription');
    return this.once(key, () => {
      if (spec.collection === 'card') this.charge();
      const sub: PaymentsSubscription = {
        id: this.id('sub'),
        customer: spec.customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: { ...spec.metadata },
        items: spec.price_ids.map((p) => this.item(p)),
        discount_percent: spec.coupon ? (this.coupons.get(spec.coupon) ?? 0) : 0,
        collection: spec.collection,
        created: this.nowS,
      };
      this.subscriptions.set(sub.id, sub);
      this.bill(sub, this.monthly(sub));
      return sub;
    });
  }

  async updateSubscription(id: string, change: SubscriptionChange, key: string) {
    this.calls.push('updateSubscription');
    return this.once(key, () => {
      const sub = this.subscriptions.get(id);
      if (!sub) throw new NotFound('Subscription');
      const oldAmount = this.monthly(sub);
      const [start, end] = [
        sub.items[0]?.current_period_start ?? 0,
        sub.items[0]?.current_period_end ?? 0,
      ];
      if (change.reset_cycle && sub.collection === 'card') this.charge();
      for (const c of change.items) {
        if ('deleted' in c) sub.items = sub.items.filter((i) => i.id !== c.id);
        else if ('id' in c) {
          const at = sub.items.findIndex((i) => i.id === c.id);
          const fresh = this.item(c.price);
          sub.items[at] = { ...fresh, id: c.id };
        } else sub.items.push(this.item(c.price));
      }
      if (change.coupon === null) sub.discount_percent = 0;
      else if (change.coupon) sub.discount_percent = this.coupons.get(change.coupon) ?? 0;
      if (change.collection) sub.collection = change.collection;
      sub.metadata = { ...change.metadata };
      if (change.reset_cycle) {
        for (const i of sub.items) {
          i.current_period_start = this.nowS;
          i.current_period_end = addOneMonth(this.nowS);
        }
        this.bill(sub, this.monthly(sub) - prorationCredit(oldAmount, start, end, this.nowS));
      }
      return sub;
    });
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean) {
    this.calls.push('setCancelAtPeriodEnd');
    const sub = this.subscriptions.get(id);
    if (!sub) throw new NotFound('Subscription');
    sub.cancel_at_period_end = cancel;
    return structuredClone(sub);
  }

  async listSubscriptions(customerId: string) {
    this.calls.push('listSubscriptions');
    return [...this.subscriptions.values()]
      .filter((s) => s.customer === customerId)
      .sort((a, b) => b.created - a.created)
      .map((s) => structuredClone(s));
  }

  async listInvoices(customerId: string, limit: number) {
    return this.invoices
      .filter((i) => i.customer === customerId)
      .reverse()
      .slice(0, limit)
      .map(({ customer: _c, ...i }) => i);
  }

  async orderInvoicePaid(subscriptionId: string) {
    this.calls.push('orderInvoicePaid');
    const order = this.invoices.filter((i) => i.subscription_id === subscriptionId).at(-1);
    return order === undefined || order.status === 'paid';
  }

  async pricesByLookupKey(keys: readonly string[]) {
    this.calls.push('pricesByLookupKey');
    return new Map([...this.prices].filter(([k]) => keys.includes(k)));
  }

  async createPrice(price: NewPrice) {
    this.calls.push(`createPrice:${price.lookup_key}`);
    const product = 'id' in price.product ? price.product.id : this.id('prod');
    const info = {
      id: this.id('price'),
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      product_id: product,
    };
    this.prices.set(price.lookup_key, info);
    return info;
  }

  async ensureCoupon(coupon: { id: string; percent_off: number }) {
    if (this.coupons.has(coupon.id)) return 'exists' as const;
    this.coupons.set(coupon.id, coupon.percent_off);
    return 'created' as const;
  }

  /**
   * Marks an open invoice paid (the customer paid it, or Stripe's "paid out of band"); a
   * subscription waiting on it (incomplete, past_due, unpaid) becomes active, as in Stripe.
   */
  payInvoice(id: string) {
    const invoice = this.invoices.find((i) => i.id === id);
    if (invoice?.status !== 'open') throw new Error(`No open invoice ${id}`);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const sub = this.subscriptions.get(invoice.subscription_id ?? '');
    if (sub && ['incomplete', 'past_due', 'unpaid'].includes(sub.status)) sub.status = 'active';
  }

  /** Ends every subscription whose period is over at `nowS` + `seconds` (cancel_at_period_end). */
  advance(seconds: number) {
    this.nowS += seconds;
    for (const sub of this.subscriptions.values()) {
      const end = Math.max(...sub.items.map((i) => i.current_period_end));
      if (sub.cancel_at_period_end && end <= this.nowS) sub.status = 'canceled';
    }
  }
}
