import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { type Ctx, changed, clone, get } from './context';
import { invalidParam, invalidRequest, missingParam, StripeApiError } from './errors';
import type { Params } from './form';
import { type CardFailure, newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

/**
 * Stripe's documented test cards (contracts.md): those that fail at setup, and 4000000000000341,
 * which attaches but whose charges are declined. Other valid numbers work.
 */
const TEST_CARDS: Record<string, { at: 'setup' | 'charge'; failure: CardFailure }> = {
  '4000000000000002': {
    at: 'setup',
    failure: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  '4000000000009995': {
    at: 'setup',
    failure: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000000069': {
    at: 'setup',
    failure: {
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
    },
  },
  '4000000000000127': {
    at: 'setup',
    failure: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  '4000000000000341': {
    at: 'charge',
    failure: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
};

/** A 402 card_error as Stripe sends it (StripeCardError in the SDK). */
export function cardError(
  failure: CardFailure,
  param?: string,
  extra: object = {},
  commit = false,
) {
  return new StripeApiError(402, { type: 'card_error', ...failure, param, ...extra }, commit);
}

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

/** visa / mastercard / amex / discover by the number's prefix, else 'unknown'. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

/**
 * Creates a card PaymentMethod from `card[number|exp_month|exp_year|cvc]` and
 * `billing_details[...]`, validating as Stripe does against the stand-in's clock.
 * @throws 402 card_error incorrect_number (Luhn), invalid_expiry_month, expired_card (expiry
 *   before now), invalid_cvc (not 3-4 digits); 400 for a type other than card.
 */
export function createCardPaymentMethod(ctx: Ctx, p: Params): Stripe.PaymentMethod {
  if (p.reqStr('type') !== 'card') {
    throw invalidParam(p.name('type'), 'Only card payment methods are supported locally.');
  }
  const card = p.obj('card');
  if (!card) throw missingParam(p.name('card'));
  card.only(['number', 'exp_month', 'exp_year', 'cvc']);
  const number = card.reqStr('number').replace(/[\s-]/g, '');
  const incorrect = { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw cardError(incorrect, card.name('number'));
  const month = card.int('exp_month');
  if (month === undefined || month < 1 || month > 12) {
    throw cardError(
      { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
      card.name('exp_month'),
    );
  }
  const rawYear = card.int('exp_year');
  if (rawYear === undefined) throw missingParam(card.name('exp_year'));
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (Date.UTC(year, month, 1) / 1000 <= ctx.now()) {
    throw cardError(
      { code: 'expired_card', message: 'Your card has expired.' },
      card.name('exp_year'),
    );
  }
  const cvc = card.str('cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError(
      { code: 'invalid_cvc', message: "Your card's security code is invalid." },
      card.name('cvc'),
    );
  }
  const brand = brandOf(number);
  const billing = p.obj('billing_details');
  const address = billing?.obj('address');
  const pm: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: address?.str('city') || null,
        country: address?.str('country') || null,
        line1: address?.str('line1') || null,
        line2: address?.str('line2') || null,
        postal_code: address?.str('postal_code') || null,
        state: address?.str('state') || null,
      },
      email: billing?.str('email') || null,
      name: billing?.str('name') || null,
      phone: billing?.str('phone') || null,
      tax_id: null,
    },
    card: {
      brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: cvc ? 'unchecked' : null,
      },
      country: 'US',
      display_brand: brand,
      exp_month: month,
      exp_year: year,
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ctx.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: p.metadata(),
    type: 'card',
  };
  ctx.state.paymentMethods[pm.id] = pm;
  const test = TEST_CARDS[number];
  if (test) ctx.state.cardFailures[pm.id] = test;
  return pm;
}

/** POST /v1/payment_methods (secret or publishable key): type=card, card[...], billing_details. */
export function createPaymentMethod(ctx: Ctx, p: Params): Stripe.PaymentMethod {
  p.only(['type', 'card', 'billing_details', 'metadata', 'expand', 'key']);
  return createCardPaymentMethod(ctx, p);
}

/**
 * How a PaymentMethod fails, or undefined when it works: at 'setup' only the cards declined at
 * setup fail; at 'charge' every failing test card does.
 */
export function cardFailure(ctx: Ctx, pmId: string, at: 'setup' | 'charge') {
  const entry = ctx.state.cardFailures[pmId];
  if (!entry || (at === 'setup' && entry.at !== 'setup')) return undefined;
  return entry.failure;
}

/**
 * Attaches a PaymentMethod to a customer (emits payment_method.attached). Test cards that fail
 * at setup are declined here, as Stripe verifies a card on attach.
 * @throws 402 card_error for such cards; 400 when attached to another customer.
 */
export function attachTo(ctx: Ctx, pm: Stripe.PaymentMethod, customerId: string): void {
  if (pm.customer === customerId) return;
  if (pm.customer) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
    );
  }
  const failure = cardFailure(ctx, pm.id, 'setup');
  if (failure) throw cardError(failure, undefined, { payment_method: clone(pm) });
  pm.customer = customerId;
  ctx.emit('payment_method.attached', pm);
}

/** POST /v1/payment_methods/:id/attach with customer. */
export function attachPaymentMethod(ctx: Ctx, p: Params, id: string): Stripe.PaymentMethod {
  p.only(['customer', 'expand']);
  const pm = get.paymentMethod(ctx, id);
  attachTo(ctx, pm, get.customer(ctx, p.reqStr('customer'), 'customer').id);
  return pm;
}

/**
 * POST /v1/payment_methods/:id/detach: emits payment_method.detached; a customer whose default
 * it was loses it (customer.updated).
 */
export function detachPaymentMethod(ctx: Ctx, p: Params, id: string): Stripe.PaymentMethod {
  p.only(['expand']);
  const pm = get.paymentMethod(ctx, id);
  const customerId = typeof pm.customer === 'string' ? pm.customer : null;
  if (!customerId)
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  const customer = get.customer(ctx, customerId);
  if (customer.invoice_settings.default_payment_method === pm.id) {
    const before = clone(customer);
    customer.invoice_settings.default_payment_method = null;
    ctx.emit('customer.updated', customer, changed(before, customer));
  }
  const previous = { customer: customerId };
  pm.customer = null;
  ctx.emit('payment_method.detached', pm, previous);
  return pm;
}

/** GET /v1/payment_methods (customer, type) and GET /v1/customers/:id/payment_methods. */
export function listPaymentMethods(ctx: Ctx, p: Params, customerId?: string) {
  p.only([...LIST_PARAMS, 'customer', 'type']);
  const customer = customerId ?? p.str('customer');
  if (customer) get.customer(ctx, customer, 'customer');
  const type = p.str('type');
  const rows = newestFirst(ctx.state.paymentMethods).filter(
    (pm) => (!customer || pm.customer === customer) && (!type || pm.type === type),
  );
  const url = customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods';
  return listOf(rows, p, url);
}
