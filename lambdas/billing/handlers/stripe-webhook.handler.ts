import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { fromError, ok } from '#shared/http/envelope';
import type { HttpHandler } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import type { BillingDeps } from '../core/ports';
import { handleWebhook } from '../core/webhook';

/** The request body exactly as Stripe sent it (API Gateway base64-encodes non-text bodies). */
export function rawBody(event: APIGatewayProxyEventV2): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * POST stripe_webhook (public): Stripe's events. The raw body is verified against the
 * `stripe-signature` header BEFORE anything parses it, so this route does not use publicRoute
 * (which parses JSON). 200 `{ action, event_id }`; 400 for a bad signature (nothing changes);
 * 500 when processing fails (Stripe retries).
 */
export function makeHandler(deps: () => BillingDeps): HttpHandler {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use({
      onError: (request) => {
        request.response = fromError(request.error, { route: request.event.routeKey });
      },
    })
    .handler(async (event) =>
      ok(await handleWebhook(deps(), rawBody(event), event.headers?.['stripe-signature'] ?? '')),
    ) as unknown as HttpHandler;
}

export const handler = makeHandler(billingDeps);
