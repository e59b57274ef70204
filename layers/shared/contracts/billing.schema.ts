import { z } from 'zod';
import { availableProductsSchema } from '../billing/available-products';
import { PAYGO_FEATURES, PLANS, PRODUCTS } from '../billing/price-table';

/**
 * Billing contracts (spec §3 "Billing profile", "Order / sign-up", §5 "Billing", §7
 * "Billing and orders", §8): route inputs with the spec's messages word for word, and the results
 * the browser reads. The SAME schemas validate in the browser (react-hook-form's zod resolver)
 * and on the server. Card numbers are NEVER in a request to our API: the card form sends them to
 * Stripe (Elements in AWS, the local Stripe stand-in here), and our API only sees the SetupIntent
 * id. Money is integer cents; instants are ISO-8601 UTC.
 */

/** Every message of the billing and card forms (spec §5 "Billing", §8). */
export const BILLING_MESSAGES = {
  method: 'Choose a billing method',
  contactName: 'Enter a contact name',
  phone: 'Enter a phone number',
  emails: 'Enter one or more email addresses',
  emailInvalid: 'Email is not valid',
  address: 'Enter a mailing address',
  city: 'Enter a city',
  state: 'Enter a state/province',
  zip: 'Enter a Zip/Postal code',
  country: 'Select choose a country',
  cardName: 'Enter the name on the card',
  cardNumber: 'Enter a credit card number',
  cardInvalid: 'Credit Card is invalid',
  month: 'Month is invalid',
  year: 'Enter a valid year',
  cvc: 'Enter a valid CVC',
  /** ours: the spec says Subscribe is disabled until terms are accepted. */
  terms: 'Please accept the terms and conditions.',
  /** ours: spec §5 "Team and enterprise need an organization selected". */
  organization: 'Choose or add an organization',
  /** spec §8 generic failure. */
  generic:
    "Something happened! We've been notified and are looking into it. Please try again later.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max);

/** Billing methods: a card charged automatically, or an invoice paid within 30 days. */
export const BILLING_METHODS = ['card', 'invoice'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

/** Countries the billing forms offer (ISO 3166-1 alpha-2). */
export const BILLING_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
] as const;
const countryCodes = BILLING_COUNTRIES.map((c) => c.code) as [string, ...string[]];

/**
 * The billing contact (spec §3 "Billing contact"; prefilled in the browser from the session
 * user's name, phone and primary e-mail). `billing_contact_emails` is a comma-separated list in
 * the form and an array after parsing.
 */
export const billingContactSchema = z.object({
  billing_method: z.enum(BILLING_METHODS, { error: BILLING_MESSAGES.method }),
  billing_contact_name: required(BILLING_MESSAGES.contactName),
  billing_contact_phone: required(BILLING_MESSAGES.phone, 30).refine(
    (v) => v.replace(/\D/g, '').length >= 10,
    BILLING_MESSAGES.phone,
  ),
  billing_contact_emails: z
    .string({ error: BILLING_MESSAGES.emails })
    .trim()
    .min(1, BILLING_MESSAGES.emails)
    .max(500)
    .transform((v) =>
      v
        .split(/[,;\s]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, BILLING_MESSAGES.emails)
    .refine((list) => list.every((e) => EMAIL.test(e)), BILLING_MESSAGES.emailInvalid),
  billing_address: required(BILLING_MESSAGES.address, 200),
  billing_address_additional: z.string().trim().max(200).optional().default(''),
  billing_city: required(BILLING_MESSAGES.city),
  billing_state: required(BILLING_MESSAGES.state, 60),
  billing_zipcode: required(BILLING_MESSAGES.zip, 20),
  billing_country: z.enum(countryCodes, { error: BILLING_MESSAGES.country }),
});
export type BillingContactInput = z.input<typeof billingContactSchema>;
export type BillingContact = z.output<typeof billingContactSchema>;

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * The card form (spec §3 "Card", §5 "Card", §9 card limits). BROWSER ONLY: it checks the card
 * before the browser sends it to Stripe; no route of ours accepts it. `use_billing_address`
 * copies the billing contact's address into the card's.
 */
export const cardFormSchema = z.object({
  use_billing_address: z.boolean().default(true),
  billing_name: required(BILLING_MESSAGES.cardName),
  number: z
    .string({ error: BILLING_MESSAGES.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v.length > 0, BILLING_MESSAGES.cardNumber)
    .refine((v) => /^\d{12,19}$/.test(v) && luhnValid(v), BILLING_MESSAGES.cardInvalid),
  expire_month: z.coerce
    .number({ error: BILLING_MESSAGES.month })
    .int(BILLING_MESSAGES.month)
    .min(1, BILLING_MESSAGES.month)
    .max(12, BILLING_MESSAGES.month),
  expire_year: z.coerce
    .number({ error: BILLING_MESSAGES.year })
    .int(BILLING_MESSAGES.year)
    .min(2019, BILLING_MESSAGES.year)
    .max(2029, BILLING_MESSAGES.year),
  cvc: z
    .string({ error: BILLING_MESSAGES.cvc })
    .trim()
    .regex(/^\d{3,4}$/, BILLING_MESSAGES.cvc),
  address: required(BILLING_MESSAGES.address, 200),
  address_additional: z.string().trim().max(200).optional().default(''),
  city: required(BILLING_MESSAGES.city),
  state: required(BILLING_MESSAGES.state, 60),
  zipcode: required(BILLING_MESSAGES.zip, 20),
  country: z.enum(countryCodes, { error: BILLING_MESSAGES.country }),
});
export type CardFormInput = z.input<typeof cardFormSchema>;
export type CardForm = z.output<typeof cardFormSchema>;

/** An organisation id (the billing account: Stripe customers are per organisation). */
const orgUid = z
  .string({ error: BILLING_MESSAGES.organization })
  .min(1, BILLING_MESSAGES.organization)
  .max(64);

/** get_billing_profile and create_setup_intent input. */
export const organizationRefSchema = z.object({ organization_uid: orgUid });

/**
 * add_billing_profile input (spec §7 "Add billing profile POST (organization_uid, billing,
 * credit_card)"): the contact, and for the card method the SetupIntent the browser confirmed
 * with Stripe (`seti_...`). Never a card number.
 */
export const addBillingProfileSchema = z
  .object({
    organization_uid: orgUid,
    billing: billingContactSchema,
    credit_card: z
      .object({ setup_intent_id: z.string().regex(/^seti_\w+$/) })
      .nullable()
      .default(null),
  })
  .refine((v) => v.billing.billing_method === 'invoice' || v.credit_card !== null, {
    message: BILLING_MESSAGES.cardNumber,
    path: ['credit_card'],
  });
export type AddBillingProfileInput = z.input<typeof addBillingProfileSchema>;

/**
 * order_product input (spec §7 "Order product POST (plan, product, organization_uid)", §3
 * "Order / sign-up"). `accept_terms` must be true (Subscribe is disabled until then);
 * `association_code` claims the association discount; `features` are paygo unlocks.
 */
export const orderProductSchema = z.object({
  plan: z.enum(PLANS),
  product: z.enum(PRODUCTS).optional(),
  organization_uid: orgUid,
  accept_terms: z.literal(true, { error: BILLING_MESSAGES.terms }),
  market_size: z.coerce.number().int().min(1).max(250).optional(),
  association_code: z.string().trim().max(40).optional(),
  features: z
    .array(z.enum(PAYGO_FEATURES.map((f) => f.feature) as [string, ...string[]]))
    .max(20)
    .optional(),
});
export type OrderProductInput = z.input<typeof orderProductSchema>;

/** cancel_subscription input: cancels at the end of the paid period. `resume` undoes that. */
export const cancelSubscriptionSchema = z.object({
  organization_uid: orgUid,
  resume: z.boolean().default(false),
});

/**
 * approve_invoice_customer input (staff only): `approved` true lets the organisation's invoice
 * orders grant access before their first invoice is paid; false withdraws that (unpaid orders go
 * back to pending).
 */
export const approveInvoiceCustomerSchema = z.object({
  organization_uid: orgUid,
  approved: z.boolean().default(true),
});
export type ApproveInvoiceCustomerInput = z.input<typeof approveInvoiceCustomerSchema>;

/** A saved card, as the profile lists it. */
export const paymentMethodViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default: z.boolean(),
});

/** A subscription, as the profile and get_subscriptions show it (Stripe's, copied). */
export const subscriptionViewSchema = z.object({
  subscription_uid: z.string(),
  organization_uid: z.string(),
  plan: z.enum(PLANS),
  product: z.enum(PRODUCTS).nullable(),
  features: z.array(z.string()),
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: z.string(),
  /** Integer cents per month after discounts. */
  amount: z.number().int(),
  discount_percent: z.number().min(0).max(100),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  /**
   * The access it gives now (layers/shared/billing/available-products.ts accessOf): `entitled`;
   * `pending` until its first invoice is paid; `grace` while past_due within the grace period;
   * `none` (past_due beyond it, canceled, unpaid...).
   */
  access: z.enum(['entitled', 'pending', 'grace', 'none']),
  /** When a past_due subscription's grace period ends (or ended), ISO-8601 UTC; else null. */
  grace_ends_at: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** An invoice line of the profile. */
export const invoiceViewSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** Integer cents. */
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  status: z.string(),
  created: z.string(),
  hosted_invoice_url: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** The billing contact as stored and returned (the parsed form of billingContactSchema). */
export const storedContactSchema = z.object({
  billing_method: z.enum(BILLING_METHODS),
  billing_contact_name: z.string(),
  billing_contact_phone: z.string(),
  billing_contact_emails: z.array(z.string()),
  billing_address: z.string(),
  billing_address_additional: z.string(),
  billing_city: z.string(),
  billing_state: z.string(),
  billing_zipcode: z.string(),
  billing_country: z.string(),
}) satisfies z.ZodType<BillingContact>;

/**
 * The billing profile (spec §3 "Billing profile": name, brand, last4, billing_setup,
 * organization_uid, payment_methods) with the contact, subscription and recent invoices.
 */
export const billingProfileSchema = z.object({
  organization_uid: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** A billing method is set up (a default card, or invoicing with a contact). */
  billing_setup: z.boolean(),
  billing_method: z.enum(BILLING_METHODS).nullable(),
  payment_methods: z.array(paymentMethodViewSchema),
  /** The billing contact as stored (emails parsed), or null before one is added. */
  contact: storedContactSchema.nullable(),
  subscription: subscriptionViewSchema.nullable(),
  invoices: z.array(invoiceViewSchema),
  /** Staff approved the organisation as an invoice customer (orders grant access unpaid). */
  invoice_approved: z.boolean(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

/**
 * add_billing_profile result (spec §7 "result is the profile and may carry current_session"):
 * the profile; a declined card instead fails with `result.card_result.message`.
 */
export const addBillingProfileResultSchema = billingProfileSchema;

/** order_product result: the refreshed profile and the caller's flags. */
export const orderResultSchema = z.object({
  /**
   * `subscribed` (ordered and unlocked), `pending` (ordered; unlocks when its first invoice is
   * paid), `contact` (enterprise-like: we'll be in touch).
   */
  outcome: z.enum(['subscribed', 'pending', 'contact']),
  profile: billingProfileSchema.nullable(),
  available_products: availableProductsSchema,
});
export type OrderResult = z.infer<typeof orderResultSchema>;

/** get_subscriptions result: every subscription the caller is entitled through, and the flags. */
export const subscriptionsResultSchema = z.object({
  subscriptions: z.array(subscriptionViewSchema),
  available_products: availableProductsSchema,
});
export type SubscriptionsResult = z.infer<typeof subscriptionsResultSchema>;

/** create_setup_intent result: what the card form confirms with Stripe. */
export const setupIntentResultSchema = z.object({
  setup_intent_id: z.string(),
  client_secret: z.string(),
  /** Publishable key for Stripe.js / the local stand-in. */
  publishable_key: z.string(),
  /** Where the browser sends the card: 'elements' (Stripe.js) or the local stand-in's URL. */
  card_endpoint: z.string(),
});
export type SetupIntentResult = z.infer<typeof setupIntentResultSchema>;
