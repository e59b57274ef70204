import type Stripe from 'stripe';
import type { ApiObject, Ctx } from './context';
import { clone } from './context';
import type { Params } from './form';
import { API_VERSION, newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

/**
 * A new event for `type` with a snapshot of `object` and, for updates, the old values of what
 * changed (data.previous_attributes), stamped with the stand-in's clock.
 */
export function makeEvent(
  ctx: Pick<Ctx, 'now' | 'request'>,
  type: Stripe.Event.Type,
  object: ApiObject,
  previous: Record<string, unknown> | undefined,
  pendingWebhooks: number,
): Stripe.EventBase {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: ctx.now(),
    data: {
      object: clone(object) as unknown as Stripe.Event.Data.Object,
      ...(previous ? { previous_attributes: clone(previous) } : {}),
    },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { ...ctx.request },
    type,
  };
}

/**
 * The key that orders an event's delivery: its customer (so every subscription of that customer,
 * and the subscription itself, is delivered in creation order), else the object's id.
 */
export function orderingKey(event: Stripe.EventBase): string {
  const object = event.data.object as unknown as { id: string; object: string; customer?: unknown };
  if (object.object === 'customer') return object.id;
  if (typeof object.customer === 'string') return object.customer;
  return object.id;
}

/** GET /v1/events: type (with `*` wildcards, e.g. invoice.*), types[]; newest first. */
export function listEvents(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'type', 'types', 'delivery_success']);
  const patterns = [...p.strings('types'), ...(p.str('type') ? [p.reqStr('type')] : [])].map(
    (t) => new RegExp(`^${t.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`),
  );
  const rows = newestFirst(ctx.state.events).filter(
    (event) => patterns.length === 0 || patterns.some((re) => re.test(event.type)),
  );
  return listOf(rows, p, '/v1/events');
}
