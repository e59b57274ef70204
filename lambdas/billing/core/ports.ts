import type { AccountsRepository } from '#shared/accounts/accounts';
import type { SubscriptionReader, SubscriptionRecord } from '#shared/billing/entitlements';
import type { BillingMethod, BillingProfile } from '#shared/contracts/billing.schema';

/**
 * Ports of the billing context. Stripe is the source of truth for customers, cards,
 * subscriptions and invoices (adapters/stripe-payments.ts: the real SDK, pointed at the local
 * stand-in locally); our CompaniesTable keeps a copy per organisation for fast reads
 * (adapters/dynamo-billing-store.ts). Money is integer cents; Stripe instants are Unix seconds
 * (UTC); our stored instants are ISO-8601 UTC.
 */

/** A saved card as the profile lists it. */
export interface CardSummary {
  /** `pm_...` */
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The customer's default card (the one charged). */
  default: boolean;
}

/** A SetupIntent as our API reads it after the browser confirmed it with Stripe. */
export interface SetupIntentInfo {
  /** `seti_...` */
  id: string;
  /** Stripe's status; `succeeded` means the card is saved. */
  status: string;
  customer: string | null;
  /** `pm_...` once confirmed. */
  payment_method: string | null;
  /** Stripe's message of the last failed attempt (e.g. "Your card was declined."), or null. */
  error_message: string | null;
}

/** One item of a subscription. */
export interface PaymentsItem {
  /** `si_...` */
  id: string;
  /** `price_...` */
  price_id: string;
  lookup_key: string | null;
  /** Integer cents per month. */
  unit_amount: number;
  quantity: number;
  /** Unix seconds (API 2026-10-28: periods live on the items). */
  current_period_start: number;
  current_period_end: number;
}

/** How a subscription is paid: the card charged automatically, or an invoice due in 30 days. */
export type Collection = BillingMethod;

/** A Stripe subscription as the billing context reads it. */
export interface PaymentsSubscription {
  /** `sub_...` */
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  /** Ours: organization_uid, plan, product, features (comma list), subscriber_user_id. */
  metadata: Record<string, string>;
  items: PaymentsItem[];
  /** Percent off from the subscription's discounts (0 without). */
  discount_percent: number;
  collection: Collection;
  /** Unix seconds. */
  created: number;
}

/** An invoice line of the profile. */
export interface InvoiceInfo {
  id: string;
  number: string | null;
  /** Integer cents. */
  amount_due: number;
  amount_paid: number;
  status: string;
  /** Unix seconds. */
  created: number;
  hosted_invoice_url: string | null;
  subscription_id: string | null;
}

/** A recurring price found by lookup key. */
export interface PriceInfo {
  id: string;
  lookup_key: string;
  /** Integer cents per month. */
  unit_amount: number;
  product_id: string;
}

/** A monthly USD price to create. A new product (`product_name`) or an existing one. */
export interface NewPrice {
  lookup_key: string;
  unit_amount: number;
  product: { name: string } | { id: string };
  /** Move the lookup key from the price holding it (a changed amount). */
  transfer_lookup_key: boolean;
}

/** A subscription to create. */
export interface NewSubscription {
  customer: string;
  /** One item per price (quantity 1). */
  price_ids: string[];
  /** Coupon applied to the subscription, or null. */
  coupon: string | null;
  collection: Collection;
  metadata: Record<string, string>;
}

/** One item change: replace an item's price, delete an item, or add a price. */
export type ItemChange =
  | { id: string; price: string }
  | { id: string; deleted: true }
  | { price: string };

/**
 * A change to a subscription. `reset_cycle`: the cycle restarts now with a prorated credit for
 * the unused time (`billing_cycle_anchor: 'now'`, `proration_behavior: 'create_prorations'`;
 * spec §4 "Contract states").
 */
export interface SubscriptionChange {
  items: ItemChange[];
  /** undefined: discounts unchanged; null: remove them; a coupon id: apply it. */
  coupon?: string | null;
  metadata: Record<string, string>;
  reset_cycle: boolean;
  /** Changes how it is paid (the billing method changed). */
  collection?: Collection;
}

/** The Stripe customer's billing details (invoices go to `email`). */
export interface CustomerDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

/**
 * What we need from Stripe. Every method may throw CardError (a card refused; errors.ts) or an
 * unexpected error (network, Stripe down: a 500 with the generic message).
 */
export interface Payments {
  /**
   * Creates the organisation's customer (metadata organization_uid; email = the org e-mail),
   * idempotent per organisation within Stripe's idempotency window. Callers keep the id.
   * @returns `cus_...`
   */
  ensureCustomer(org: { organization_uid: string; name: string; email: string }): Promise<string>;
  updateCustomer(customerId: string, details: CustomerDetails): Promise<void>;
  /** A card SetupIntent (usage off_session) for the browser to confirm. */
  createSetupIntent(
    customerId: string,
    organizationUid: string,
  ): Promise<{ id: string; client_secret: string }>;
  /** @throws NotFound('Card setup') when Stripe does not know it. */
  retrieveSetupIntent(id: string): Promise<SetupIntentInfo>;
  /** Makes the card the customer's default (invoice_settings.default_payment_method). */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  listPaymentMethods(customerId: string): Promise<CardSummary[]>;
  /**
   * Creates a subscription; a card subscription whose first payment fails is NOT created
   * (payment_behavior error_if_incomplete). @throws CardError with Stripe's message.
   */
  createSubscription(spec: NewSubscription, idempotencyKey: string): Promise<PaymentsSubscription>;
  /** @throws CardError when the prorated charge fails (the change is not applied). */
  updateSubscription(
    id: string,
    change: SubscriptionChange,
    idempotencyKey: string,
  ): Promise<PaymentsSubscription>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<PaymentsSubscription>;
  /** Every subscription of the customer, any status, newest first. */
  listSubscriptions(customerId: string): Promise<PaymentsSubscription[]>;
  /** The customer's most recent invoices, newest first. */
  listInvoices(customerId: string, limit: number): Promise<InvoiceInfo[]>;
  /**
   * Is the invoice of the subscription's latest order paid? That is the newest of its invoices
   * billed for a creation or a change (Stripe's billing_reason subscription_create /
   * subscription_update; a $0 invoice is paid at once); renewal invoices do not count. True
   * when none is among its recent invoices.
   */
  orderInvoicePaid(subscriptionId: string): Promise<boolean>;
  /** Active prices holding these lookup keys (missing keys are absent from the map). */
  pricesByLookupKey(lookupKeys: readonly string[]): Promise<Map<string, PriceInfo>>;
  createPrice(price: NewPrice): Promise<PriceInfo>;
  /** Creates the coupon when Stripe does not have it (percent off, forever). */
  ensureCoupon(coupon: {
    id: string;
    percent_off: number;
    name: string;
  }): Promise<'created' | 'exists'>;
}

/** A verified Stripe event: only what we act on. */
export interface WebhookEvent {
  /** `evt_...` */
  id: string;
  type: string;
  /** The customer the event is about, when it names one. */
  customer: string | null;
}

/** Verifies Stripe's signature over the raw body. */
export interface WebhookVerifier {
  /** @throws WebhookSignatureInvalid (400) for a missing or bad signature. */
  verify(rawBody: string, signature: string): Promise<WebhookEvent>;
}

/** The stored billing contact (the parsed billing form). */
export type StoredContact = NonNullable<BillingProfile['contact']>;

/** Our billing account of an organisation (CompaniesTable `ORG#<org>` / `BILLING`). */
export interface BillingAccount {
  organization_uid: string;
  stripe_customer_id: string | null;
  contact: StoredContact | null;
  billing_method: BillingMethod | null;
  /** The default card, copied for the profile (brand, last 4 digits); null without one. */
  card_brand: string | null;
  card_last4: string | null;
  /**
   * When staff approved this organisation as an invoice customer (its orders grant access before
   * their first invoice is paid), ISO-8601; null or absent when not approved.
   */
  invoice_approved_at?: string | null;
  /** The staff user who approved it; null or absent when not approved. */
  invoice_approved_by?: string | null;
  updated_at: string;
}

/** Our billing copies (CompaniesTable) and the processed webhook events (SessionsTable). */
export interface BillingStore extends SubscriptionReader {
  getAccount(orgUid: string): Promise<BillingAccount | null>;
  /**
   * Creates or patches the account (defined fields only). Setting `stripe_customer_id` also
   * writes the customer -> organisation index.
   */
  updateAccount(
    orgUid: string,
    patch: Partial<Omit<BillingAccount, 'organization_uid'>>,
  ): Promise<void>;
  /** The organisation of a Stripe customer, or null when unknown. */
  orgOfCustomer(customerId: string): Promise<string | null>;
  /** Every organisation with a Stripe customer (the reconcile walks them). */
  customers(): Promise<{ organization_uid: string; customer_id: string }[]>;
  putSubscription(record: SubscriptionRecord): Promise<void>;
  deleteSubscription(orgUid: string, subscriptionUid: string): Promise<void>;
  /**
   * Claims a webhook event id for `ttlS` seconds (a conditional write).
   * @returns false when it was already claimed (a duplicate delivery).
   */
  claimEvent(eventId: string, ttlS: number): Promise<boolean>;
  /** Releases a claim, so Stripe's retry of a failed delivery is processed. */
  releaseEvent(eventId: string): Promise<void>;
}

/** What the browser's card form needs besides the SetupIntent. */
export interface CardSettings {
  publishable_key: string;
  /** 'elements' (Stripe.js) or the local stand-in's URL. */
  card_endpoint: string;
}

/** Everything the billing use cases need. */
export interface BillingDeps {
  payments: Payments;
  webhooks: WebhookVerifier;
  store: BillingStore;
  accounts: Pick<AccountsRepository, 'organizationsOf' | 'getOrganization' | 'getProfile'>;
  cardSettings: () => Promise<CardSettings>;
  /** Association member codes (upper-case) that claim the association discount. */
  associationCodes: readonly string[];
  now: () => Date;
  /** Operational warnings (ids only, never card or contact data). */
  warn: (message: string, context: Record<string, unknown>) => void;
}
