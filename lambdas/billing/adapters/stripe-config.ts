import Stripe from 'stripe';
import { z } from 'zod';
import { parseSecretJson, type SecretReader, secretsManagerReader } from '#shared/aws/secrets';
import { lazyAsync } from '#shared/lazy';
import { ENV } from '#shared/workers';

/**
 * Stripe keys and where Stripe is. In AWS the keys come from the Secrets Manager
 * secret named by STRIPE_SECRET_ARN (JSON `{ secret_key, webhook_secret, publishable_key }`),
 * read once per container. Locally the stack sets STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
 * STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE (the stand-in, e.g. http://127.0.0.1:4100).
 */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The local stand-in's base URL; null = Stripe itself. */
  apiBase: string | null;
  /** 'elements' (Stripe.js) or the stand-in's URL: where the browser sends cards. */
  cardEndpoint: string;
}

const secretSchema = z.object({
  secret_key: z.string().min(1),
  webhook_secret: z.string().min(1),
  publishable_key: z.string().min(1),
});

/**
 * The settings, resolved on first call and then cached (one Secrets Manager read per
 * container). A failed read is not cached, so the next request retries.
 * @throws Error naming STRIPE_SECRET_KEY / STRIPE_SECRET_ARN when neither is set, or when the
 *   secret is not the expected JSON.
 */
export function stripeSettingsLoader(
  env: NodeJS.ProcessEnv = process.env,
  readSecret: SecretReader = secretsManagerReader,
): () => Promise<StripeSettings> {
  return lazyAsync(async (): Promise<StripeSettings> => {
    const common = {
      apiBase: env[ENV.stripeApiBase] || null,
      cardEndpoint: env[ENV.stripeCardEndpoint] || 'elements',
    };
    const key = env[ENV.stripeSecretKey];
    if (key)
      return {
        ...common,
        secretKey: key,
        publishableKey: env[ENV.stripePublishableKey] ?? '',
        webhookSecret: env[ENV.stripeWebhookSecret] ?? '',
      };
    const arn = env[ENV.stripeSecretArn];
    if (!arn)
      throw new Error(`Bad environment: set ${ENV.stripeSecretKey} or ${ENV.stripeSecretArn}`);
    const secret = parseSecretJson(await readSecret(arn), secretSchema, 'Stripe');
    return {
      ...common,
      secretKey: secret.secret_key,
      publishableKey: secret.publishable_key,
      webhookSecret: secret.webhook_secret,
    };
  });
}

/**
 * The Stripe SDK client: Stripe itself with 2 network retries, or the local stand-in at
 * `apiBase` (host, port, protocol) without retries (local-stack.md §8). Telemetry off.
 */
export function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.apiBase)
    return new Stripe(settings.secretKey, { maxNetworkRetries: 2, telemetry: false });
  const url = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
