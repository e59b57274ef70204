// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BillingForm } from '../../../web/src/billing/billing-form';
import { ok, payingProfile, sessionFixture, stubBillingApi } from './billing-api';

// Stripe.js stands in here: Elements renders its children, the card element is a placeholder.
const stripe = vi.hoisted(() => ({
  confirmCardSetup: vi.fn(),
  loadStripe: vi.fn(async () => ({})),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card" />,
  useStripe: () => ({ confirmCardSetup: stripe.confirmCardSetup }),
  useElements: () => ({ getElement: () => ({ kind: 'card-element' }) }),
}));
vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stripe.confirmCardSetup.mockReset();
});

function renderElementsForm(onSaved = vi.fn()) {
  const calls = stubBillingApi((call) => {
    if (call.name === 'create_setup_intent')
      return ok({
        setup_intent_id: 'seti_9',
        client_secret: 'seti_9_secret_y',
        publishable_key: 'pk_live_x',
        card_endpoint: 'elements',
      });
    if (call.name === 'add_billing_profile') return ok(payingProfile());
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <BillingForm orgUid="org-personal" session={sessionFixture()} onSaved={onSaved} />
    </SWRConfig>,
  );
  return calls;
}

async function fillAddress() {
  await screen.findByTestId('stripe-card');
  for (const [label, value] of [
    ['Mailing address', '1 Engine Way'],
    ['City', 'Springfield'],
    ['State/province', 'IL'],
    ['Zip/Postal code', '62701'],
  ])
    fireEvent.change(screen.getByLabelText(label as string), { target: { value } });
}

describe('card form with Stripe Elements (card_endpoint "elements")', () => {
  test("the card is confirmed by Stripe.js's confirmCardSetup, never sent to us", async () => {
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_9' } });
    const onSaved = vi.fn();
    const calls = renderElementsForm(onSaved);
    await fillAddress();

    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_x');
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_9_secret_y', {
      payment_method: {
        card: { kind: 'card-element' },
        billing_details: {
          name: 'Ada Lovelace',
          address: {
            line1: '1 Engine Way',
            line2: '',
            city: 'Springfield',
            state: 'IL',
            postal_code: '62701',
            country: 'US',
          },
        },
      },
    });
    expect(calls.some((c) => c.name === 'stand-in')).toBe(false);
    expect(calls.find((c) => c.name === 'add_billing_profile')?.input).toMatchObject({
      credit_card: { setup_intent_id: 'seti_9' },
    });
  });

  test("Stripe's error message shows inline and nothing is saved", async () => {
    stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
    });
    const calls = renderElementsForm();
    await fillAddress();

    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Your card has expired.');
    expect(calls.some((c) => c.name === 'add_billing_profile')).toBe(false);
  });
});
