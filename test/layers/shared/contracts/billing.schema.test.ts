import { describe, expect, test } from 'vitest';
import {
  addBillingProfileSchema,
  BILLING_MESSAGES,
  billingContactSchema,
  cardFormSchema,
  luhnValid,
  orderProductSchema,
} from '#shared/contracts/billing.schema';
import { CONTACT } from '../../../lambdas/billing/fakes';

const CARD = {
  use_billing_address: true,
  billing_name: 'Alice Ames',
  number: '4242 4242 4242 4242',
  expire_month: '12',
  expire_year: '2028',
  cvc: '123',
  address: '1 Main St',
  address_additional: '',
  city: 'New York',
  state: 'NY',
  zipcode: '10001',
  country: 'US',
};

/** The first issue's message and field of a parse, or null when it passes. */
function problem(schema: { safeParse(v: unknown): unknown }, value: unknown) {
  const parsed = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  };
  if (parsed.success) return null;
  const issue = parsed.error?.issues[0];
  return { message: issue?.message, field: issue?.path.map(String).join('.') };
}

describe('billing contact messages (spec §5 "Billing")', () => {
  test('a complete contact passes, e-mails parsed into a lower-case list', () => {
    expect(
      billingContactSchema.parse({ ...CONTACT, billing_contact_emails: 'A@X.com; b@y.org' }),
    ).toMatchObject({ billing_contact_emails: ['a@x.com', 'b@y.org'] });
  });

  test.each([
    ['billing_method', undefined, BILLING_MESSAGES.method],
    ['billing_method', 'cash', BILLING_MESSAGES.method],
    ['billing_contact_name', '  ', BILLING_MESSAGES.contactName],
    ['billing_contact_phone', '', BILLING_MESSAGES.phone],
    ['billing_contact_phone', '555-0100', BILLING_MESSAGES.phone],
    ['billing_contact_emails', '', BILLING_MESSAGES.emails],
    ['billing_contact_emails', ' , ; ', BILLING_MESSAGES.emails],
    ['billing_contact_emails', 'ap@acme', BILLING_MESSAGES.emailInvalid],
    ['billing_contact_emails', 'ok@acme.com, nope', BILLING_MESSAGES.emailInvalid],
    ['billing_address', '', BILLING_MESSAGES.address],
    ['billing_city', '', BILLING_MESSAGES.city],
    ['billing_state', '', BILLING_MESSAGES.state],
    ['billing_zipcode', '', BILLING_MESSAGES.zip],
    ['billing_country', 'XX', BILLING_MESSAGES.country],
    ['billing_country', undefined, BILLING_MESSAGES.country],
  ])('%s = %j -> "%s"', (field, value, message) => {
    expect(problem(billingContactSchema, { ...CONTACT, [field]: value })).toEqual({
      message,
      field,
    });
  });
});

describe('card form messages (spec §5 "Card", §9 card limits)', () => {
  test('a valid card passes with the number stripped of spaces', () => {
    expect(cardFormSchema.parse(CARD)).toMatchObject({
      number: '4242424242424242',
      expire_month: 12,
      expire_year: 2028,
    });
  });

  test.each([
    ['billing_name', '', BILLING_MESSAGES.cardName],
    ['number', '', BILLING_MESSAGES.cardNumber],
    ['number', '4242 4242 4242 4241', BILLING_MESSAGES.cardInvalid],
    ['number', '4242-abc', BILLING_MESSAGES.cardInvalid],
    ['expire_month', '0', BILLING_MESSAGES.month],
    ['expire_month', '13', BILLING_MESSAGES.month],
    ['expire_month', 'ab', BILLING_MESSAGES.month],
    ['expire_year', '2018', BILLING_MESSAGES.year],
    ['expire_year', '2030', BILLING_MESSAGES.year],
    ['cvc', '12', BILLING_MESSAGES.cvc],
    ['cvc', '12345', BILLING_MESSAGES.cvc],
    ['cvc', '12a', BILLING_MESSAGES.cvc],
    ['address', '', BILLING_MESSAGES.address],
    ['city', '', BILLING_MESSAGES.city],
    ['state', '', BILLING_MESSAGES.state],
    ['zipcode', '', BILLING_MESSAGES.zip],
    ['country', 'MX', BILLING_MESSAGES.country],
  ])('%s = %j -> "%s"', (field, value, message) => {
    expect(problem(cardFormSchema, { ...CARD, [field]: value })).toEqual({ message, field });
  });

  test.each([
    ['2019', true],
    ['2029', true],
  ])('year %s is accepted', (year, ok) => {
    expect(problem(cardFormSchema, { ...CARD, expire_year: year }) === null).toBe(ok);
  });

  test.each([
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['4000000000000002', true],
    ['4242424242424241', false],
    ['12345', false],
  ])('Luhn of %s: %s', (digits, ok) => {
    expect(luhnValid(digits)).toBe(ok);
  });
});

describe('add_billing_profile input', () => {
  test('card billing needs a confirmed SetupIntent, never a card number', () => {
    expect(
      problem(addBillingProfileSchema, { organization_uid: 'org-a', billing: CONTACT }),
    ).toEqual({ message: BILLING_MESSAGES.cardNumber, field: 'credit_card' });
    expect(
      addBillingProfileSchema.safeParse({
        organization_uid: 'org-a',
        billing: CONTACT,
        credit_card: { setup_intent_id: 'seti_123' },
      }).success,
    ).toBe(true);
    expect(
      addBillingProfileSchema.safeParse({
        organization_uid: 'org-a',
        billing: CONTACT,
        credit_card: { number: '4242424242424242' },
      }).success,
    ).toBe(false);
  });

  test('invoice billing needs no card', () => {
    expect(
      problem(addBillingProfileSchema, {
        organization_uid: 'org-a',
        billing: { ...CONTACT, billing_method: 'invoice' },
      }),
    ).toBeNull();
  });
});

describe('order_product input', () => {
  const ORDER = { plan: 'individual', product: 'industry', organization_uid: 'org-a' };

  test('Subscribe needs the terms accepted', () => {
    expect(problem(orderProductSchema, { ...ORDER, accept_terms: false })).toEqual({
      message: BILLING_MESSAGES.terms,
      field: 'accept_terms',
    });
  });

  test('an organisation must be chosen', () => {
    expect(
      problem(orderProductSchema, { ...ORDER, organization_uid: '', accept_terms: true }),
    ).toEqual({ message: BILLING_MESSAGES.organization, field: 'organization_uid' });
  });

  test('paygo features are the table’s features only', () => {
    expect(
      orderProductSchema.safeParse({ ...ORDER, accept_terms: true, features: ['creatives'] })
        .success,
    ).toBe(true);
    expect(
      orderProductSchema.safeParse({ ...ORDER, accept_terms: true, features: ['weather'] }).success,
    ).toBe(false);
    expect(
      orderProductSchema.safeParse({ ...ORDER, accept_terms: true, features: ['lasers'] }).success,
    ).toBe(false);
  });
});
