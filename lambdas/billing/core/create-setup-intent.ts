import type { Caller } from '#shared/auth/caller';
import type { SetupIntentResult } from '#shared/contracts/billing.schema';
import { customerFor, requireBillingManager } from './billing-access';
import type { BillingDeps } from './ports';

/**
 * POST create_setup_intent (spec §7 "Billing and orders"): what the browser's card form needs to save a card with
 * Stripe directly (card numbers never reach our API).
 *
 * Steps:
 * 1. The caller must be an owner or admin of the organisation.
 * 2. Ensure the organisation's Stripe customer (metadata organization_uid, the org e-mail).
 * 3. Create a card SetupIntent for it.
 * @returns the SetupIntent id and client secret, the publishable key, and where the browser
 *   sends the card (`elements` in AWS, the local stand-in's URL locally).
 * @throws NotFound('Organization') / Forbidden as requireBillingManager.
 */
export async function createSetupIntent(
  deps: BillingDeps,
  caller: Caller,
  input: { organization_uid: string },
): Promise<SetupIntentResult> {
  const { org } = await requireBillingManager(deps, caller, input.organization_uid);
  const customer = await customerFor(deps, org);
  const [intent, settings] = await Promise.all([
    deps.payments.createSetupIntent(customer, org.org_uid),
    deps.cardSettings(),
  ]);
  return {
    setup_intent_id: intent.id,
    client_secret: intent.client_secret,
    publishable_key: settings.publishable_key,
    card_endpoint: settings.card_endpoint,
  };
}
