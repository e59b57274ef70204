// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BILLING_MESSAGES as M } from '#shared/contracts/billing.schema';
import { BillingForm } from '../../../web/src/billing/billing-form';
import {
  type ApiCall,
  fail,
  ok,
  payingProfile,
  STAND_IN,
  sessionFixture,
  stubBillingApi,
} from './billing-api';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DECLINED = '4000000000000002';
let intents = 0;

/** create_setup_intent -> the local stand-in; the stand-in declines 4000 0000 0000 0002. */
function answer(call: ApiCall) {
  if (call.name === 'create_setup_intent') {
    intents += 1;
    return ok({
      setup_intent_id: `seti_${intents}`,
      client_secret: `seti_${intents}_secret_x`,
      publishable_key: 'pk_test_local',
      card_endpoint: STAND_IN,
    });
  }
  if (call.name === 'stand-in')
    return new URLSearchParams(call.body).get('payment_method_data[card][number]') === DECLINED
      ? {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
            },
          },
        }
      : { status: 200, body: { id: 'seti_x', status: 'succeeded' } };
  if (call.name === 'add_billing_profile') return ok(payingProfile());
  return undefined;
}

function renderForm(onSaved = vi.fn()) {
  intents = 0;
  const calls = stubBillingApi(answer);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <BillingForm orgUid="org-personal" session={sessionFixture()} onSaved={onSaved} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return calls;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

async function fillAddress() {
  await screen.findByLabelText('Card number');
  type('Mailing address', '1 Engine Way');
  type('City', 'Springfield');
  type('State/province', 'IL');
  type('Zip/Postal code', '62701');
}

function fillCard(number: string) {
  type('Card number', number);
  type('Expiry month', '12');
  type('Expiry year', '2029');
  type('CVC', '123');
}

describe('billing form (spec §3 "Billing contact", "Card"; §5 "Billing" and "Card" messages)', () => {
  test("the contact is prefilled from the session user's name, phone and primary e-mail", async () => {
    renderForm();

    expect((screen.getByLabelText('Contact name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('555-123-4567');
    expect((screen.getByLabelText('Billing e-mails') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    expect(((await screen.findByLabelText('Name on card')) as HTMLInputElement).value).toBe(
      'Ada Lovelace',
    );
  });

  test('an empty form shows the spec messages, each tied to its field, and sends nothing', async () => {
    const calls = renderForm();
    await screen.findByLabelText('Card number');
    type('Name on card', '');

    save();

    for (const message of [
      M.address,
      M.city,
      M.state,
      M.zip,
      M.cardName,
      M.cardNumber,
      M.month,
      M.year,
      M.cvc,
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(M.cardNumber);
    expect(calls.map((c) => c.name)).toEqual(['create_setup_intent']);
  });

  test('a number failing the checksum, month 13, year 2031 and a 2-digit CVC are refused', async () => {
    renderForm();
    await fillAddress();
    type('Card number', '4242 4242 4242 4241');
    type('Expiry month', '13');
    type('Expiry year', '2031');
    type('CVC', '12');

    save();

    for (const message of [M.cardInvalid, M.month, M.year, M.cvc])
      expect(await screen.findByText(message)).toBeTruthy();
  });

  test('the card goes to the Stripe stand-in only; our API gets the SetupIntent id', async () => {
    const onSaved = vi.fn();
    const calls = renderForm(onSaved);
    await fillAddress();
    fillCard('4242 4242 4242 4242');

    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const standIn = calls.find((c) => c.name === 'stand-in')!;
    expect(standIn.url).toBe(`${STAND_IN}/v1/setup_intents/seti_1/confirm`);
    expect(standIn.headers.authorization).toBe('Bearer pk_test_local');
    const form = new URLSearchParams(standIn.body);
    expect(form.get('client_secret')).toBe('seti_1_secret_x');
    expect(form.get('payment_method_data[card][number]')).toBe('4242424242424242');
    expect(form.get('payment_method_data[billing_details][address][city]')).toBe('Springfield');
    const saved = calls.find((c) => c.name === 'add_billing_profile')!;
    expect(saved.input).toMatchObject({
      organization_uid: 'org-personal',
      credit_card: { setup_intent_id: 'seti_1' },
      billing: { billing_contact_emails: 'ada@example.com', billing_city: 'Springfield' },
    });
    for (const call of calls.filter((c) => c.name !== 'stand-in'))
      expect(`${call.url}${call.body}`).not.toMatch(/4242424242424242|424242/);
  });

  test("a declined card shows Stripe's words inline, and the next try uses a new SetupIntent", async () => {
    const onSaved = vi.fn();
    const calls = renderForm(onSaved);
    await fillAddress();
    fillCard(DECLINED);

    save();

    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(calls.some((c) => c.name === 'add_billing_profile')).toBe(false);

    type('Card number', '4242424242424242');
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter((c) => c.name === 'create_setup_intent')).toHaveLength(2);
    expect(calls.find((c) => c.name === 'add_billing_profile')?.input).toMatchObject({
      credit_card: { setup_intent_id: 'seti_2' },
    });
  });

  test('a card refused when saving shows result.card_result.message', async () => {
    intents = 0;
    const calls = stubBillingApi((call) =>
      call.name === 'add_billing_profile'
        ? fail(402, 'card_error', 'Card refused', {
            card_result: { message: 'Your card has insufficient funds.' },
          })
        : answer(call),
    );
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <BillingForm orgUid="org-personal" session={sessionFixture()} onSaved={vi.fn()} />
      </SWRConfig>,
    );
    await fillAddress();
    fillCard('4242424242424242');

    save();

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your card has insufficient funds.',
    );
    expect(calls.some((c) => c.name === 'add_billing_profile')).toBe(true);
  });

  test('the invoice method needs no card and sends none', async () => {
    const onSaved = vi.fn();
    const calls = renderForm(onSaved);
    await fillAddress();

    fireEvent.click(screen.getByLabelText(/^Invoice/));
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(calls.some((c) => c.name === 'stand-in')).toBe(false);
    expect(calls.find((c) => c.name === 'add_billing_profile')?.input).toMatchObject({
      billing: { billing_method: 'invoice' },
      credit_card: null,
    });
  });
});
