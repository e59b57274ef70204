import { describe, expect, test } from 'vitest';
import { associationCodes } from '../../../../lambdas/billing/adapters/billing-deps';
import { stripeSettingsLoader } from '../../../../lambdas/billing/adapters/stripe-config';

const SECRET = JSON.stringify({
  secret_key: 'sk_live_x',
  webhook_secret: 'whsec_x',
  publishable_key: 'pk_live_x',
});

describe('Stripe settings', () => {
  test('locally the keys and the stand-in come from the environment', async () => {
    const load = stripeSettingsLoader({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_local',
      STRIPE_API_BASE: 'http://127.0.0.1:4100',
      STRIPE_CARD_ENDPOINT: 'http://127.0.0.1:4100',
    });

    expect(await load()).toEqual({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: 'whsec_local',
      apiBase: 'http://127.0.0.1:4100',
      cardEndpoint: 'http://127.0.0.1:4100',
    });
  });

  test('in AWS the secret is read once and cards go through Elements', async () => {
    const reads: string[] = [];
    const load = stripeSettingsLoader({ STRIPE_SECRET_ARN: 'arn:stripe' }, async (id) => {
      reads.push(id);
      return SECRET;
    });

    await load();
    const settings = await load();

    expect(settings).toMatchObject({
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: null,
      cardEndpoint: 'elements',
    });
    expect(reads).toEqual(['arn:stripe']);
  });

  test('a failed secret read is retried by the next request', async () => {
    let fail = true;
    const load = stripeSettingsLoader({ STRIPE_SECRET_ARN: 'arn:stripe' }, async () => {
      if (fail) throw new Error('throttled');
      return SECRET;
    });

    await expect(load()).rejects.toThrow('throttled');
    fail = false;
    expect((await load()).secretKey).toBe('sk_live_x');
  });

  test('a missing configuration or a malformed secret names what is wrong', async () => {
    await expect(stripeSettingsLoader({})()).rejects.toThrow(
      /STRIPE_SECRET_KEY or STRIPE_SECRET_ARN/,
    );
    await expect(
      stripeSettingsLoader({ STRIPE_SECRET_ARN: 'a' }, async () => '{"secret_key":"x"}')(),
    ).rejects.toThrow(/secret_key, webhook_secret, publishable_key/);
  });

  test('a secret that is not JSON is refused without quoting it into the log', async () => {
    const load = stripeSettingsLoader({ STRIPE_SECRET_ARN: 'a' }, async () => 'sk_live_leaked');

    await expect(load()).rejects.toThrow(/^The Stripe secret is not JSON$/);
  });
});

describe('association codes', () => {
  test('default to IBA2024 and are compared upper-case', () => {
    expect(associationCodes({})).toEqual(['IBA2024']);
    expect(associationCodes({ ASSOCIATION_CODES: 'nab25, rab-26 ,' })).toEqual(['NAB25', 'RAB-26']);
  });
});
