import useSWR from 'swr';
import type { z } from 'zod';
import {
  type AvailableProducts,
  availableProductsSchema,
} from '#shared/billing/available-products';
import {
  type AddBillingProfileInput,
  addBillingProfileResultSchema,
  type BillingProfile,
  billingProfileSchema,
  type OrderProductInput,
  type OrderResult,
  orderResultSchema,
  type SetupIntentResult,
  setupIntentResultSchema,
} from '#shared/contracts/billing.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { ApiError, callRoute } from '../api/client';

/**
 * The billing routes as the browser calls them (spec §7 "Billing and orders"): an SWR
 * hook for get_billing_profile and one function per write route. Every answer is parsed with the
 * shared contract (billing.schema.ts), so the screens never hand-type a response.
 */

const OPTIONS = { revalidateOnFocus: false, keepPreviousData: true } as const;

/** Calls a route and parses its result. @throws ApiError (a mis-shaped answer: `bad_response`). */
async function call<S extends z.ZodType>(
  schema: S,
  name: string,
  input: Record<string, unknown>,
): Promise<z.output<S>> {
  const raw = await callRoute<unknown>(name, input);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(GENERIC_ERROR_MESSAGE, 'bad_response', 200);
  return parsed.data;
}

/**
 * The billing profile of one organisation (GET get_billing_profile {organization_uid}).
 * Key `['get_billing_profile', { organization_uid }]`; no call while `orgUid` is null.
 */
export function useBillingProfile(orgUid: string | null) {
  return useSWR(
    orgUid ? (['get_billing_profile', { organization_uid: orgUid }] as const) : null,
    ([name, input]) => call(billingProfileSchema, name, input),
    OPTIONS,
  );
}

/** Asks for a SetupIntent the card form confirms with Stripe (POST create_setup_intent). */
export function createSetupIntent(organizationUid: string): Promise<SetupIntentResult> {
  return call(setupIntentResultSchema, 'create_setup_intent', {
    organization_uid: organizationUid,
  });
}

/**
 * Saves the billing contact and, for the card method, the confirmed SetupIntent (POST
 * add_billing_profile). Never carries a card number.
 * @throws ApiError; a refused card carries Stripe's words (see {@link cardErrorMessage}).
 */
export function addBillingProfile(input: AddBillingProfileInput): Promise<BillingProfile> {
  return call(addBillingProfileResultSchema, 'add_billing_profile', { ...input });
}

/** Orders a plan and product for an organisation (POST order_product). @throws ApiError */
export function orderProduct(input: OrderProductInput): Promise<OrderResult> {
  return call(orderResultSchema, 'order_product', { ...input });
}

/**
 * Cancels at the end of the paid period, or undoes that with `resume` (POST
 * cancel_subscription). @returns the updated profile. @throws ApiError
 */
export function cancelSubscription(organizationUid: string, resume: boolean) {
  return call(billingProfileSchema, 'cancel_subscription', {
    organization_uid: organizationUid,
    resume,
  });
}

/**
 * Staff: approves an organisation as an invoice customer, or withdraws that (POST
 * approve_invoice_customer). @returns its billing profile. @throws ApiError (403 for non-staff)
 */
export function approveInvoiceCustomer(organizationUid: string, approved: boolean) {
  return call(billingProfileSchema, 'approve_invoice_customer', {
    organization_uid: organizationUid,
    approved,
  });
}

/**
 * The text to show for a failed card call: Stripe's words when the answer carries them
 * (`result.card_result.message`, spec §7/§8 "card errors show the card result message"), else
 * the server's message, else the generic one.
 */
export function cardErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const result = error.result as { card_result?: { message?: unknown } } | null | undefined;
    const card = result?.card_result?.message;
    return typeof card === 'string' && card ? card : error.message;
  }
  return error instanceof Error && error.name === 'CardError'
    ? error.message
    : GENERIC_ERROR_MESSAGE;
}

/**
 * The available_products flags of a get_session answer (spec §6; the session carries them),
 * or null when the answer has none.
 */
export function sessionProducts(session: unknown): AvailableProducts | null {
  const flags = (session as { available_products?: unknown } | null)?.available_products;
  const parsed = availableProductsSchema.safeParse(flags);
  return parsed.success ? parsed.data : null;
}
