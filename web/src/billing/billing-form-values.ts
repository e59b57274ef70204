import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { UserSession } from '#shared/contracts/account-results.schema';
import {
  type BillingContact,
  type BillingContactInput,
  type BillingProfile,
  billingContactSchema,
  type CardForm,
  type CardFormInput,
  cardFormSchema,
} from '#shared/contracts/billing.schema';

/**
 * The values of the add-billing form (spec §3 "Billing contact", "Card"; §5 "Billing" and
 * "Card" messages): the contact and the card, checked by the SAME schemas the server uses
 * (billingContactSchema; cardFormSchema, browser only). Pure, so prefill and the rules are tested
 * without a screen.
 */

/** What the form holds while it is edited. */
export interface BillingFormInput {
  contact: BillingContactInput;
  card: CardFormInput;
}

/** What a valid form gives: the card only when the method is card. */
export interface BillingFormOutput {
  contact: BillingContact;
  /** Full card (stand-in), or name and address only (Stripe Elements holds the number). */
  card: CardForm | Omit<CardForm, 'number' | 'expire_month' | 'expire_year' | 'cvc'> | null;
}

/** How the card number is typed: in our fields (stand-in) or in Stripe's Element. */
export type CardEntry = 'fields' | 'elements';

const CARD_SECRETS = { number: true, expire_month: true, expire_year: true, cvc: true } as const;

/**
 * The contact pre-filled from a stored contact (Update card), else from the session user's
 * name, phone and primary e-mail (spec §3 "prefilled from session user name, phone, primary
 * email"); the country defaults to the US.
 */
export function contactDefaults(
  session: Pick<UserSession, 'full_name' | 'phone' | 'primary_email'> | null,
  stored: BillingProfile['contact'] = null,
): BillingContactInput {
  if (stored)
    return {
      ...stored,
      billing_method: stored.billing_method,
      billing_contact_emails: stored.billing_contact_emails.join(', '),
    };
  return {
    billing_method: 'card',
    billing_contact_name: session?.full_name ?? '',
    billing_contact_phone: session?.phone ?? '',
    billing_contact_emails: session?.primary_email ?? '',
    billing_address: '',
    billing_address_additional: '',
    billing_city: '',
    billing_state: '',
    billing_zipcode: '',
    billing_country: 'US',
  };
}

/** An empty card with "same as the billing address" on and the name from the contact. */
export function cardDefaults(name = ''): CardFormInput {
  return {
    use_billing_address: true,
    billing_name: name,
    number: '',
    expire_month: '',
    expire_year: '',
    cvc: '',
    address: '',
    address_additional: '',
    city: '',
    state: '',
    zipcode: '',
    country: 'US',
  };
}

/** With "use the billing address" on, the card's address is the contact's (spec §3 "Card"). */
export function withCardAddress(values: BillingFormInput): BillingFormInput {
  if (!values.card.use_billing_address) return values;
  const c = values.contact;
  return {
    ...values,
    card: {
      ...values.card,
      address: c.billing_address ?? '',
      address_additional: c.billing_address_additional ?? '',
      city: c.billing_city ?? '',
      state: c.billing_state ?? '',
      zipcode: c.billing_zipcode ?? '',
      country: c.billing_country ?? '',
    },
  };
}

/** The schema for the current method and card entry. */
export function billingFormSchema(method: unknown, entry: CardEntry) {
  const card =
    method !== 'card'
      ? z.any().transform(() => null)
      : entry === 'fields'
        ? cardFormSchema
        : cardFormSchema.omit(CARD_SECRETS);
  return z.object({ contact: billingContactSchema, card });
}

/**
 * A react-hook-form resolver: copies the address when asked, then checks contact and (for the
 * card method) card with the shared schemas. Errors land at `contact.<field>` / `card.<field>`.
 */
export function billingFormResolver(
  entry: CardEntry,
): Resolver<BillingFormInput, unknown, BillingFormOutput> {
  return (values, context, options) => {
    const prepared = withCardAddress(values);
    const schema = billingFormSchema(prepared.contact.billing_method, entry);
    const resolve = zodResolver(schema) as unknown as Resolver<
      BillingFormInput,
      unknown,
      BillingFormOutput
    >;
    return resolve(prepared, context, options);
  };
}
