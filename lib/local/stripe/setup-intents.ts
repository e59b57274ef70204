import type Stripe from 'stripe';
import { type Ctx, clone, get, idOf } from './context';
import { invalidParam, invalidRequest, StripeApiError } from './errors';
import type { Params } from './form';
import { attachTo, cardError, cardFailure, createCardPaymentMethod } from './payment-methods';
import { newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

/** Who is calling: the publishable key may only touch a SetupIntent with its client_secret. */
export type KeyKind = 'secret' | 'publishable';

/**
 * POST /v1/setup_intents: customer, allowed_payment_method_types[] (or the older
 * payment_method_types[]; card only), usage, metadata,
 * description, payment_method, confirm. Status requires_payment_method (or the confirm result).
 */
export function createSetupIntent(ctx: Ctx, p: Params): Stripe.SetupIntent {
  p.only([
    'customer',
    'allowed_payment_method_types',
    'payment_method_types',
    'automatic_payment_methods',
    'usage',
    'metadata',
    'description',
    'payment_method',
    'confirm',
    'expand',
  ]);
  const customer = p.str('customer') ? get.customer(ctx, p.reqStr('customer'), 'customer') : null;
  const allowed = p.strings('allowed_payment_method_types');
  for (const key of ['allowed_payment_method_types', 'payment_method_types']) {
    if (p.strings(key).some((t) => t !== 'card')) {
      throw invalidParam(key, 'Only card payment methods are supported locally.');
    }
  }
  const automatic = p.obj('automatic_payment_methods')?.bool('enabled') ?? false;
  const id = newId('seti');
  const si: Stripe.SetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: allowed.length > 0 ? ['card'] : null,
    application: null,
    automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('x').slice(2)}`,
    created: ctx.now(),
    customer: customer?.id ?? null,
    description: p.str('description') || null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: p.metadata(),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: p.oneOf('usage', ['off_session', 'on_session']) ?? 'off_session',
  };
  if (p.str('payment_method')) {
    si.payment_method = get.paymentMethod(ctx, p.reqStr('payment_method'), 'payment_method').id;
    si.status = 'requires_confirmation';
  }
  ctx.state.setupIntents[id] = si;
  ctx.emit('setup_intent.created', si);
  return p.bool('confirm') ? confirm(ctx, si, p) : si;
}

function checkSecret(si: Stripe.SetupIntent, p: Params, key: KeyKind): void {
  if (key === 'secret') return;
  const secret = p.str('client_secret');
  if (!secret) throw invalidParam('client_secret', 'Missing required param: client_secret.');
  if (secret !== si.client_secret) {
    throw invalidParam(
      'client_secret',
      'The client_secret provided does not match the client_secret associated with the SetupIntent.',
    );
  }
}

/** GET /v1/setup_intents/:id (publishable key: with the matching client_secret). */
export function retrieveSetupIntent(ctx: Ctx, p: Params, id: string, key: KeyKind) {
  p.only(['client_secret', 'expand', 'key']);
  const si = get.setupIntent(ctx, id);
  checkSecret(si, p, key);
  return si;
}

/**
 * POST /v1/setup_intents/:id/confirm with payment_method or payment_method_data[...]
 * (publishable key: with the matching client_secret). The card is validated, then checked
 * against the test-card table; success attaches it to the SetupIntent's customer.
 * @throws 402 card_error carrying `setup_intent` (requires_payment_method, last_setup_error) and
 *   `payment_method`; the failure is recorded and setup_intent.setup_failed emitted.
 */
export function confirmSetupIntent(ctx: Ctx, p: Params, id: string, key: KeyKind) {
  p.only([
    'client_secret',
    'allowed_payment_method_types',
    'payment_method',
    'payment_method_data',
    'payment_method_options',
    'expand',
    'return_url',
    'mandate_data',
    'use_stripe_sdk',
    'key',
  ]);
  const si = get.setupIntent(ctx, id);
  checkSecret(si, p, key);
  return confirm(ctx, si, p);
}

function confirm(ctx: Ctx, si: Stripe.SetupIntent, p: Params): Stripe.SetupIntent {
  if (si.status === 'succeeded' || si.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'setup_intent_unexpected_state',
      message: `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
      setup_intent: clone(si),
    });
  }
  let pm: Stripe.PaymentMethod;
  const data = p.obj('payment_method_data');
  try {
    if (data) {
      data.only(['type', 'card', 'billing_details', 'metadata']);
      pm = createCardPaymentMethod(ctx, data);
    } else if (p.str('payment_method') || si.payment_method) {
      const pmId = p.str('payment_method') || (idOf(si.payment_method) as string);
      pm = get.paymentMethod(ctx, pmId, 'payment_method');
    } else {
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      );
    }
    const failure = cardFailure(ctx, pm.id, 'setup');
    if (failure) throw cardError(failure, undefined, { payment_method: clone(pm) });
    if (typeof si.customer === 'string') attachTo(ctx, pm, si.customer);
  } catch (error) {
    if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
    return fail(ctx, si, error);
  }
  si.payment_method = pm.id;
  si.status = 'succeeded';
  si.last_setup_error = null;
  ctx.emit('setup_intent.succeeded', si);
  return si;
}

/** Records a declined confirmation on the SetupIntent and throws it (state kept). */
function fail(ctx: Ctx, si: Stripe.SetupIntent, error: StripeApiError): never {
  const { code, decline_code, message, param, payment_method } = error.body;
  si.status = 'requires_payment_method';
  si.payment_method = null;
  si.last_setup_error = {
    code: code as Stripe.SetupIntent.LastSetupError.Code,
    ...(decline_code ? { decline_code } : {}),
    message,
    ...(param ? { param } : {}),
    ...(payment_method ? { payment_method: payment_method as Stripe.PaymentMethod } : {}),
    type: 'card_error',
  };
  ctx.emit('setup_intent.setup_failed', si);
  throw new StripeApiError(402, { ...error.body, setup_intent: clone(si) }, true);
}

/** POST /v1/setup_intents/:id/cancel: emits setup_intent.canceled. */
export function cancelSetupIntent(ctx: Ctx, p: Params, id: string): Stripe.SetupIntent {
  p.only(['cancellation_reason', 'expand']);
  const si = get.setupIntent(ctx, id);
  if (si.status === 'succeeded' || si.status === 'canceled') {
    throw invalidRequest(
      `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  si.status = 'canceled';
  si.cancellation_reason =
    p.oneOf('cancellation_reason', ['abandoned', 'duplicate', 'requested_by_customer']) ?? null;
  ctx.emit('setup_intent.canceled', si);
  return si;
}

/** GET /v1/setup_intents: filters customer, payment_method. */
export function listSetupIntents(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'customer', 'payment_method']);
  const customer = p.str('customer');
  const pm = p.str('payment_method');
  const rows = newestFirst(ctx.state.setupIntents).filter(
    (si) => (!customer || si.customer === customer) && (!pm || si.payment_method === pm),
  );
  return listOf(rows, p, '/v1/setup_intents');
}
