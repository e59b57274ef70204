import type Stripe from 'stripe';
import { type Ctx, changed, clone, get } from './context';
import { invalidParam } from './errors';
import type { Params } from './form';
import { attachTo } from './payment-methods';
import { newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

const FIELDS = ['email', 'name', 'phone', 'description', 'address', 'metadata', 'balance'];

/**
 * POST /v1/customers: email, name, phone, description, address[...], metadata, balance (cents;
 * negative = credit), payment_method (attached), invoice_settings[default_payment_method].
 * Emits customer.created.
 */
export function createCustomer(ctx: Ctx, p: Params): Stripe.Customer {
  p.only([...FIELDS, 'invoice_settings', 'payment_method', 'expand']);
  const customer: Stripe.Customer = {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: ctx.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: null,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  ctx.state.customers[customer.id] = customer;
  const pm = p.str('payment_method');
  if (pm) attachTo(ctx, get.paymentMethod(ctx, pm, 'payment_method'), customer.id);
  apply(ctx, customer, p);
  ctx.emit('customer.created', customer);
  return customer;
}

/** POST /v1/customers/:id: the fields of create; '' clears a field. Emits customer.updated. */
export function updateCustomer(ctx: Ctx, p: Params, id: string): Stripe.Customer {
  p.only([...FIELDS, 'invoice_settings', 'expand']);
  const customer = get.customer(ctx, id);
  const before = clone(customer);
  apply(ctx, customer, p);
  const previous = changed(before, customer);
  if (previous) ctx.emit('customer.updated', customer, previous);
  return customer;
}

function apply(ctx: Ctx, customer: Stripe.Customer, p: Params): void {
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    if (p.has(key)) customer[key] = p.str(key) || null;
  }
  if (p.has('address')) {
    const a = p.obj('address');
    customer.address = a
      ? {
          city: a.str('city') || null,
          country: a.str('country') || null,
          line1: a.str('line1') || null,
          line2: a.str('line2') || null,
          postal_code: a.str('postal_code') || null,
          state: a.str('state') || null,
        }
      : null;
  }
  customer.metadata = p.metadata(customer.metadata);
  customer.balance = p.int('balance') ?? customer.balance;
  const settings = p.obj('invoice_settings');
  if (settings?.has('default_payment_method')) {
    settings.only(['default_payment_method', 'custom_fields', 'footer']);
    const pm = settings.str('default_payment_method') || null;
    if (
      pm &&
      get.paymentMethod(ctx, pm, settings.name('default_payment_method')).customer !== customer.id
    ) {
      throw invalidParam(
        settings.name('default_payment_method'),
        `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
      );
    }
    customer.invoice_settings.default_payment_method = pm;
  }
}

/** GET /v1/customers: filter email (exact, case-sensitive as Stripe). */
export function listCustomers(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'email']);
  const email = p.str('email');
  const rows = newestFirst(ctx.state.customers).filter((c) => !email || c.email === email);
  return listOf(rows, p, '/v1/customers');
}

/** Sets the customer's balance, integer cents (negative = credit), emitting customer.updated. */
export function adjustBalance(ctx: Ctx, customer: Stripe.Customer, balance: number): void {
  if (customer.balance === balance) return;
  const previous = { balance: customer.balance };
  customer.balance = balance;
  ctx.emit('customer.updated', customer, previous);
}
