import {
  createCoupon,
  createPrice,
  createProduct,
  listCoupons,
  listPrices,
  listProducts,
  updatePrice,
  updateProduct,
} from './catalog';
import { type Ctx, get } from './context';
import { createCustomer, listCustomers, updateCustomer } from './customers';
import { listEvents } from './events';
import type { Params } from './form';
import { listInvoices, payInvoice } from './invoices';
import {
  attachPaymentMethod,
  createPaymentMethod,
  detachPaymentMethod,
  listPaymentMethods,
} from './payment-methods';
import {
  cancelSetupIntent,
  confirmSetupIntent,
  createSetupIntent,
  type KeyKind,
  listSetupIntents,
  retrieveSetupIntent,
} from './setup-intents';
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
  updateSubscription,
} from './subscriptions';
import { listOf } from './views';

/** One API route: `ids` are the path's `:id` parts, in order. */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The publishable key may call it (Stripe.js calls). */
  publishable: boolean;
  run(ctx: Ctx, p: Params, ids: string[], key: KeyKind): unknown;
}

function route(
  method: Route['method'],
  path: string,
  run: Route['run'],
  publishable = false,
): Route {
  const pattern = new RegExp(`^${path.replace(/:id/g, '([^/]+)')}$`);
  return { method, pattern, publishable, run };
}

/** GET of one object: only `expand` is accepted. */
const retrieve =
  <T>(find: (ctx: Ctx, id: string) => T) =>
  (ctx: Ctx, p: Params, [id]: string[]) => {
    p.only(['expand']);
    return find(ctx, id as string);
  };

/** The part of Stripe's v1 API the stand-in answers. */
export const ROUTES: Route[] = [
  route('POST', '/v1/customers', (ctx, p) => createCustomer(ctx, p)),
  route('GET', '/v1/customers', (ctx, p) => listCustomers(ctx, p)),
  route('GET', '/v1/customers/:id', retrieve(get.customer)),
  route('POST', '/v1/customers/:id', (ctx, p, [id]) => updateCustomer(ctx, p, id as string)),
  route('GET', '/v1/customers/:id/payment_methods', (ctx, p, [id]) =>
    listPaymentMethods(ctx, p, get.customer(ctx, id as string).id),
  ),
  route('POST', '/v1/products', (ctx, p) => createProduct(ctx, p)),
  route('GET', '/v1/products', (ctx, p) => listProducts(ctx, p)),
  route('GET', '/v1/products/:id', retrieve(get.product)),
  route('POST', '/v1/products/:id', (ctx, p, [id]) => updateProduct(ctx, p, id as string)),
  route('POST', '/v1/prices', (ctx, p) => createPrice(ctx, p)),
  route('GET', '/v1/prices', (ctx, p) => listPrices(ctx, p)),
  route('GET', '/v1/prices/:id', retrieve(get.price)),
  route('POST', '/v1/prices/:id', (ctx, p, [id]) => updatePrice(ctx, p, id as string)),
  route('POST', '/v1/coupons', (ctx, p) => createCoupon(ctx, p)),
  route('GET', '/v1/coupons', (ctx, p) => listCoupons(ctx, p)),
  route('GET', '/v1/coupons/:id', retrieve(get.coupon)),
  route('POST', '/v1/payment_methods', (ctx, p) => createPaymentMethod(ctx, p), true),
  route('GET', '/v1/payment_methods', (ctx, p) => listPaymentMethods(ctx, p)),
  route('GET', '/v1/payment_methods/:id', retrieve(get.paymentMethod)),
  route('POST', '/v1/payment_methods/:id/attach', (ctx, p, [id]) =>
    attachPaymentMethod(ctx, p, id as string),
  ),
  route('POST', '/v1/payment_methods/:id/detach', (ctx, p, [id]) =>
    detachPaymentMethod(ctx, p, id as string),
  ),
  route('POST', '/v1/setup_intents', (ctx, p) => createSetupIntent(ctx, p)),
  route('GET', '/v1/setup_intents', (ctx, p) => listSetupIntents(ctx, p)),
  route(
    'GET',
    '/v1/setup_intents/:id',
    (ctx, p, [id], key) => retrieveSetupIntent(ctx, p, id as string, key),
    true,
  ),
  route(
    'POST',
    '/v1/setup_intents/:id/confirm',
    (ctx, p, [id], key) => confirmSetupIntent(ctx, p, id as string, key),
    true,
  ),
  route('POST', '/v1/setup_intents/:id/cancel', (ctx, p, [id]) =>
    cancelSetupIntent(ctx, p, id as string),
  ),
  route('POST', '/v1/subscriptions', (ctx, p) => createSubscription(ctx, p)),
  route('GET', '/v1/subscriptions', (ctx, p) => listSubscriptions(ctx, p)),
  route('GET', '/v1/subscriptions/:id', retrieve(get.subscription)),
  route('POST', '/v1/subscriptions/:id', (ctx, p, [id]) =>
    updateSubscription(ctx, p, id as string),
  ),
  route('DELETE', '/v1/subscriptions/:id', (ctx, p, [id]) =>
    cancelSubscription(ctx, p, id as string),
  ),
  route('GET', '/v1/invoices', (ctx, p) => listInvoices(ctx, p)),
  route('GET', '/v1/invoices/:id', retrieve(get.invoice)),
  route('GET', '/v1/invoices/:id/lines', (ctx, p, [id]) => {
    p.only(['limit', 'starting_after', 'ending_before', 'expand']);
    return listOf(get.invoice(ctx, id as string).lines.data, p, `/v1/invoices/${id}/lines`);
  }),
  route('POST', '/v1/invoices/:id/pay', (ctx, p, [id]) => payInvoice(ctx, p, id as string)),
  route('GET', '/v1/events', (ctx, p) => listEvents(ctx, p)),
  route('GET', '/v1/events/:id', retrieve(get.event)),
];
