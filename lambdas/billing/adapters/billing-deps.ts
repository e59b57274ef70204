import type Stripe from 'stripe';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { ENV } from '#shared/workers';
import type { BillingDeps } from '../core/ports';
import { DynamoBillingStore } from './dynamo-billing-store';
import { stripeClient, stripeSettingsLoader } from './stripe-config';
import { StripePayments } from './stripe-payments';
import { StripeWebhookVerifier } from './stripe-webhook-verifier';

/** Association codes when ASSOCIATION_CODES is unset. */
export const DEFAULT_ASSOCIATION_CODES = 'IBA2024';

/** ASSOCIATION_CODES (comma list) upper-cased; DEFAULT_ASSOCIATION_CODES when unset. */
export function associationCodes(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env[ENV.associationCodes] ?? DEFAULT_ASSOCIATION_CODES)
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}

/**
 * The billing routes' and workers' composition root (house-style item 5). Variables:
 * COMPANIES_TABLE (billing copies, organisations), SESSIONS_TABLE (webhook event claims; the
 * webhook only), STRIPE_SECRET_ARN in AWS or STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY +
 * STRIPE_WEBHOOK_SECRET + STRIPE_API_BASE locally, STRIPE_CARD_ENDPOINT (default 'elements'),
 * ASSOCIATION_CODES (default IBA2024). Adapters and the Stripe client are built on first use.
 */
export function buildBillingDeps(env: NodeJS.ProcessEnv = process.env): BillingDeps {
  const settings = stripeSettingsLoader(env);
  let client: Promise<Stripe> | undefined;
  const stripe = () => {
    client ??= settings().then(stripeClient);
    client.catch(() => {
      client = undefined;
    });
    return client;
  };
  return {
    payments: new StripePayments(stripe),
    webhooks: new StripeWebhookVerifier(async () => (await settings()).webhookSecret),
    store: lazy(
      () =>
        new DynamoBillingStore(ddbDocClient(), {
          companies: requiredEnv(env, ENV.companiesTable),
          sessions: () => requiredEnv(env, ENV.sessionsTable),
        }),
    ),
    accounts: lazy(() => new DynamoAccounts(ddbDocClient(), requiredEnv(env, ENV.companiesTable))),
    cardSettings: async () => {
      const s = await settings();
      return { publishable_key: s.publishableKey, card_endpoint: s.cardEndpoint };
    },
    associationCodes: associationCodes(env),
    now: () => new Date(),
    warn: (message, context) => logger.warn(message, context),
  };
}

let deps: BillingDeps | undefined;

/** The container's one BillingDeps, built on the first request. */
export function billingDeps(): BillingDeps {
  deps ??= buildBillingDeps();
  return deps;
}
