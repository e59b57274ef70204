import type Stripe from 'stripe';
import { type Ctx, changed, clone, get } from './context';
import { invalidParam, invalidRequest, missingParam, StripeApiError } from './errors';
import type { Params } from './form';
import { newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

/** POST /v1/products: name required; optional id, active, description, metadata. */
export function createProduct(ctx: Ctx, p: Params): Stripe.Product {
  p.only(['id', 'name', 'active', 'description', 'metadata', 'expand']);
  const id = p.str('id') || newId('prod', 14);
  if (Object.hasOwn(ctx.state.products, id)) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      message: `Product already exists.`,
      param: 'id',
    });
  }
  return addProduct(ctx, id, p);
}

function addProduct(ctx: Ctx, id: string, p: Params): Stripe.Product {
  const now = ctx.now();
  const product: Stripe.Product = {
    id,
    object: 'product',
    active: p.bool('active') ?? true,
    created: now,
    default_price: null,
    description: p.str('description') || null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: p.metadata(),
    name: p.reqStr('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  ctx.state.products[id] = product;
  ctx.emit('product.created', product);
  return product;
}

/** POST /v1/products/:id: name, active, description, metadata. */
export function updateProduct(ctx: Ctx, p: Params, id: string): Stripe.Product {
  p.only(['name', 'active', 'description', 'metadata', 'expand']);
  const product = get.product(ctx, id);
  const before = clone(product);
  if (p.has('name')) product.name = p.reqStr('name');
  product.active = p.bool('active') ?? product.active;
  if (p.has('description')) product.description = p.str('description') || null;
  product.metadata = p.metadata(product.metadata);
  const previous = changed(before, product);
  if (previous) {
    product.updated = ctx.now();
    ctx.emit('product.updated', product, previous);
  }
  return product;
}

/** GET /v1/products: filters active, ids[]. */
export function listProducts(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'active', 'ids']);
  const active = p.bool('active');
  const ids = p.strings('ids');
  const rows = newestFirst(ctx.state.products).filter(
    (x) =>
      (active === undefined || x.active === active) && (ids.length === 0 || ids.includes(x.id)),
  );
  return listOf(rows, p, '/v1/products');
}

const PRICE_PARAMS = ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname'];

/**
 * POST /v1/prices: product or product_data[name], unit_amount (cents), currency,
 * recurring[interval|interval_count], lookup_key (+ transfer_lookup_key), metadata, nickname.
 * @throws 400 when the lookup key is taken and transfer_lookup_key is not true.
 */
export function createPrice(ctx: Ctx, p: Params): Stripe.Price {
  p.only([
    ...PRICE_PARAMS,
    'product',
    'product_data',
    'unit_amount',
    'currency',
    'recurring',
    'expand',
  ]);
  const productData = p.obj('product_data');
  let product: string;
  if (p.has('product')) product = get.product(ctx, p.reqStr('product'), 'product').id;
  else if (productData) {
    productData.only(['name', 'active', 'metadata', 'description', 'id']);
    product = addProduct(ctx, productData.str('id') || newId('prod', 14), productData).id;
  } else throw missingParam('product');
  const unitAmount = p.int('unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  if (unitAmount < 0)
    throw invalidParam('unit_amount', 'This value must be greater than or equal to 0.');
  const recurringParams = p.obj('recurring');
  const interval = recurringParams?.oneOf('interval', ['day', 'week', 'month', 'year']);
  if (recurringParams && !interval) throw missingParam('recurring[interval]');
  const price: Stripe.Price = {
    id: newId('price'),
    object: 'price',
    active: p.bool('active') ?? true,
    billing_scheme: 'per_unit',
    created: ctx.now(),
    currency: p.reqStr('currency').toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: p.metadata(),
    nickname: p.str('nickname') || null,
    product,
    recurring: interval
      ? {
          interval,
          interval_count: recurringParams?.int('interval_count') ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount) as unknown as Stripe.Price['unit_amount_decimal'],
  };
  setLookupKey(ctx, price, p);
  ctx.state.prices[price.id] = price;
  ctx.emit('price.created', price);
  return price;
}

function setLookupKey(ctx: Ctx, price: Stripe.Price, p: Params): void {
  if (!p.has('lookup_key')) return;
  const key = p.str('lookup_key') || null;
  const holder = Object.values(ctx.state.prices).find((x) => key && x.lookup_key === key);
  if (holder && holder.id !== price.id) {
    if (!p.bool('transfer_lookup_key')) {
      throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
    }
    const before = clone(holder);
    holder.lookup_key = null;
    ctx.emit('price.updated', holder, changed(before, holder));
  }
  price.lookup_key = key;
}

/** POST /v1/prices/:id: active, lookup_key (+ transfer_lookup_key), metadata, nickname. */
export function updatePrice(ctx: Ctx, p: Params, id: string): Stripe.Price {
  p.only([...PRICE_PARAMS, 'expand']);
  const price = get.price(ctx, id);
  const before = clone(price);
  price.active = p.bool('active') ?? price.active;
  if (p.has('nickname')) price.nickname = p.str('nickname') || null;
  price.metadata = p.metadata(price.metadata);
  setLookupKey(ctx, price, p);
  const previous = changed(before, price);
  if (previous) ctx.emit('price.updated', price, previous);
  return price;
}

/** GET /v1/prices: filters lookup_keys[], active, product, type, currency. */
export function listPrices(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'lookup_keys', 'active', 'product', 'type', 'currency', 'recurring']);
  const keys = p.strings('lookup_keys');
  const active = p.bool('active');
  const product = p.str('product');
  const type = p.oneOf('type', ['one_time', 'recurring']);
  const currency = p.str('currency');
  const rows = newestFirst(ctx.state.prices).filter(
    (x) =>
      (keys.length === 0 || (x.lookup_key !== null && keys.includes(x.lookup_key))) &&
      (active === undefined || x.active === active) &&
      (!product || x.product === product) &&
      (!type || x.type === type) &&
      (!currency || x.currency === currency),
  );
  return listOf(rows, p, '/v1/prices');
}

/**
 * POST /v1/coupons: percent_off (amount_off coupons are not supported locally), duration
 * once|repeating|forever (+ duration_in_months), optional id, name, metadata,
 * applies_to[products][].
 */
export function createCoupon(ctx: Ctx, p: Params): Stripe.Coupon {
  p.only([
    'id',
    'percent_off',
    'duration',
    'duration_in_months',
    'name',
    'metadata',
    'applies_to',
    'expand',
  ]);
  const id = p.str('id') || newId('', 8).slice(1);
  if (Object.hasOwn(ctx.state.coupons, id)) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      message: 'Coupon already exists.',
      param: 'id',
    });
  }
  const percent = Number(p.str('percent_off'));
  if (!p.has('percent_off')) throw invalidRequest('Must set either percent_off or amount_off.');
  if (!(percent > 0 && percent <= 100)) {
    throw invalidParam('percent_off', 'Invalid percent_off: must be between 0 and 100');
  }
  const duration = p.oneOf('duration', ['once', 'repeating', 'forever']) ?? 'once';
  const months = p.int('duration_in_months') ?? null;
  if (duration === 'repeating' && !months) throw missingParam('duration_in_months');
  const products = p.obj('applies_to')?.strings('products');
  const coupon: Stripe.Coupon = {
    id,
    object: 'coupon',
    amount_off: null,
    ...(products ? { applies_to: { products } } : {}),
    created: ctx.now(),
    currency: null,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    livemode: false,
    max_redemptions: null,
    metadata: p.metadata(),
    name: p.str('name') || null,
    percent_off: percent,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
  ctx.state.coupons[id] = coupon;
  ctx.emit('coupon.created', coupon);
  return coupon;
}

/** GET /v1/coupons. */
export function listCoupons(ctx: Ctx, p: Params) {
  p.only(LIST_PARAMS);
  return listOf(newestFirst(ctx.state.coupons), p, '/v1/coupons');
}
