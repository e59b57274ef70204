// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { BillingPanel } from '../../../web/src/billing/billing-panel';
import { renderAt } from '../auth/render-at';
import {
  type ApiCall,
  emptyProfile,
  ORGS,
  ok,
  payingProfile,
  type Reply,
  sessionFixture,
  stubBillingApi,
} from './billing-api';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The personal organisation pays for Advertiser Insights; the team one has nothing yet. */
function answer(call: ApiCall) {
  switch (call.name) {
    case 'get_session':
      return ok(sessionFixture());
    case 'my_organizations':
      return ok({ organizations: ORGS });
    case 'get_billing_profile':
      return ok(
        call.input.organization_uid === 'org-personal' ? payingProfile() : emptyProfile('org-team'),
      );
    case 'cancel_subscription': {
      const paying = payingProfile();
      return ok({
        ...paying,
        subscription: { ...paying.subscription!, cancel_at_period_end: call.input.resume !== true },
      });
    }
    default:
      return undefined;
  }
}

const org = (name: string) => screen.findByRole('region', { name });

/**
 * Renders the panel as `answer` would, but with the personal organisation's billing profile
 * `profile` (the team one has none) and the calls `also` answers.
 * @returns the API calls made and the personal organisation's region once it shows.
 */
async function renderPersonal(
  profile?: BillingProfile,
  also: (call: ApiCall) => Reply | undefined = () => undefined,
) {
  const calls = stubBillingApi((call) => {
    if (profile && call.name === 'get_billing_profile')
      return ok(
        call.input.organization_uid === 'org-personal' ? profile : emptyProfile('org-team'),
      );
    return also(call) ?? answer(call);
  });
  renderAt('/ss/account', '/ss/account', <BillingPanel />);
  return { calls, personal: within(await org('Ada Lovelace')) };
}

describe('billing panel of /ss/account', () => {
  test('shows plan, amount, status, renewal, card and invoices per managed organisation', async () => {
    const { personal } = await renderPersonal();

    expect(await personal.findByText('Individual Unlimited · Advertiser Insights')).toBeTruthy();
    expect(personal.getByText('$399/month')).toBeTruthy();
    expect(personal.getByText('Active')).toBeTruthy();
    expect(personal.getByText(/^Renews on \d{2}\/\d{2}\/2026$/)).toBeTruthy();
    expect(personal.getByText('Visa •••• 4242')).toBeTruthy();
    const invoice = personal.getByRole('link', { name: 'View AO-0001' });
    expect(invoice.getAttribute('href')).toBe('http://stripe.test:4242/invoices/in_1');
    expect(personal.getByRole('row', { name: /Paid/ }).textContent).toContain('$399');
    expect(
      personal.getByRole('link', { name: 'View / Update Subscription' }).getAttribute('href'),
    ).toBe('/plans');
    const team = within(await org('Engines Team'));
    expect(await team.findByText(/No subscription yet/)).toBeTruthy();
    expect(team.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/plans');
  });

  test('Cancel asks first, then says when access ends and offers Resume', async () => {
    const { calls, personal } = await renderPersonal();
    fireEvent.click(await personal.findByRole('button', { name: 'Cancel subscription' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Cancel your subscription?' }));
    expect(dialog.getByText(/stays unlocked until \d{2}\/\d{2}\/2026/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel subscription' }));

    expect(
      await personal.findByText(
        /^Your subscription is canceled and will not renew\. You keep access until \d{2}\/\d{2}\/2026\.$/,
      ),
    ).toBeTruthy();
    expect(personal.getByText(/^Cancels on \d{2}\/\d{2}\/2026$/)).toBeTruthy();
    expect(calls.find((c) => c.name === 'cancel_subscription')?.input).toEqual({
      organization_uid: 'org-personal',
      resume: false,
    });

    fireEvent.click(personal.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(personal.getByText(/^Renews on/)).toBeTruthy());
    expect(calls.filter((c) => c.name === 'cancel_subscription').at(-1)?.input).toEqual({
      organization_uid: 'org-personal',
      resume: true,
    });
  });

  test('Update card opens the billing form with the stored contact', async () => {
    const { personal } = await renderPersonal();

    fireEvent.click(await personal.findByRole('button', { name: 'Update card' }));

    expect((personal.getByLabelText('City') as HTMLInputElement).value).toBe('Springfield');
    expect(personal.getByRole('button', { name: 'Save card' })).toBeTruthy();
  });

  test('a Starter feature that also opens response ratings says which', async () => {
    const { personal } = await renderPersonal(payingProfile({ subscription: null }));
    const unlocks = within(await personal.findByRole('group', { name: 'Unlock single insights' }));
    const item = (name: RegExp) => unlocks.getByRole('checkbox', { name }).closest('li');

    expect(item(/^Stations/)?.textContent).toContain(
      'Also opens: Response ratings by station, beyond each market’s top ten; The full acquisition calculator, on real ratings',
    );
    expect(item(/^Dayparts/)?.textContent).toContain('Also opens: Response ratings by daypart');
    expect(item(/^Creative/)?.textContent).not.toContain('Also opens');
  });

  test('a Starter account with a card unlocks single insights, priced from the price table', async () => {
    const starter = payingProfile({ subscription: null });
    const { calls, personal } = await renderPersonal(starter, (call) =>
      call.name === 'order_product'
        ? ok({
            outcome: 'subscribed',
            profile: starter,
            available_products: sessionFixture().available_products,
          })
        : undefined,
    );
    const unlocks = within(await personal.findByRole('group', { name: 'Unlock single insights' }));
    const button = unlocks.getByRole('button', { name: 'Unlock selected insights' });

    fireEvent.click(unlocks.getByRole('checkbox', { name: /Dayparts/ }));
    fireEvent.click(unlocks.getByRole('checkbox', { name: /Creative/ }));
    expect(unlocks.getByText('2 selected: $35/month, charged today.')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(unlocks.getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(button);

    expect(await unlocks.findByText('Unlocked: Dayparts, Creative.')).toBeTruthy();
    expect(calls.find((c) => c.name === 'order_product')?.input).toEqual({
      plan: 'paygo',
      organization_uid: 'org-personal',
      accept_terms: true,
      features: ['dayparts', 'creatives'],
    });
    const team = within(await org('Engines Team'));
    expect(await team.findByRole('button', { name: 'Add a card' })).toBeTruthy();
  });

  test('a pending invoice subscription says access starts when the first invoice is paid', async () => {
    const pending = payingProfile({
      billing_method: 'invoice',
      subscription: { ...payingProfile().subscription!, access: 'pending' },
    });
    const { personal } = await renderPersonal(pending);

    expect(
      await personal.findByText('Pending: access starts when the first invoice is paid.'),
    ).toBeTruthy();
    expect(personal.getByText('Pending payment')).toBeTruthy();
    expect(personal.getByRole('button', { name: 'Update billing' })).toBeTruthy();
  });

  test('a past_due subscription in its grace period says until when access lasts', async () => {
    const failing = payingProfile({
      subscription: {
        ...payingProfile().subscription!,
        status: 'past_due',
        access: 'grace',
        grace_ends_at: '2026-12-08T12:00:00.000Z',
      },
    });
    const { personal } = await renderPersonal(failing);

    expect(
      await personal.findByText(
        'Payment failed: access ends on 12/08/2026 unless the card is updated.',
      ),
    ).toBeTruthy();
    expect(personal.getByRole('button', { name: 'Update card' })).toBeTruthy();
  });

  test('a past_due subscription past its grace period says access has ended', async () => {
    const ended = payingProfile({
      subscription: {
        ...payingProfile().subscription!,
        status: 'past_due',
        access: 'none',
        grace_ends_at: '2026-12-08T12:00:00.000Z',
      },
    });
    const { personal } = await renderPersonal(ended);

    expect(
      await personal.findByText(
        'Payment failed: access ended on 12/08/2026. Update the card to restore it.',
      ),
    ).toBeTruthy();
  });

  test('staff approve an invoice customer by its organization id', async () => {
    const approved = { ...emptyProfile('org-x'), name: 'Acme Radio', invoice_approved: true };
    const calls = stubBillingApi((call) => {
      if (call.name === 'get_session') return ok(sessionFixture({ staff: true }));
      if (call.name === 'approve_invoice_customer') return ok(approved);
      return answer(call);
    });
    renderAt('/ss/account', '/ss/account', <BillingPanel />);
    const staff = within(await screen.findByRole('region', { name: 'Invoice customers (staff)' }));

    fireEvent.change(staff.getByLabelText('Organization id'), { target: { value: ' org-x ' } });
    fireEvent.click(staff.getByRole('button', { name: 'Approve' }));

    expect(
      await staff.findByText('Acme Radio is approved: its invoice orders unlock before payment.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === 'approve_invoice_customer')?.input).toEqual({
      organization_uid: 'org-x',
      approved: true,
    });
  });

  test('customers do not see the staff approval form', async () => {
    await renderPersonal();

    expect(screen.queryByRole('region', { name: 'Invoice customers (staff)' })).toBeNull();
  });

  test('a Starter account paying by invoice is told its unlocks wait for the invoice', async () => {
    const starter = payingProfile({ subscription: null, billing_method: 'invoice' });
    const { personal } = await renderPersonal(starter, (call) =>
      call.name === 'order_product'
        ? ok({
            outcome: 'pending',
            profile: starter,
            available_products: sessionFixture().available_products,
          })
        : undefined,
    );
    const unlocks = within(await personal.findByRole('group', { name: 'Unlock single insights' }));

    fireEvent.click(unlocks.getByRole('checkbox', { name: /Creative/ }));
    expect(unlocks.getByText('1 selected: $25/month, invoiced today.')).toBeTruthy();
    fireEvent.click(unlocks.getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(unlocks.getByRole('button', { name: 'Unlock selected insights' }));

    expect(
      await unlocks.findByText(
        'Ordered: Creative. Pending: access starts when the first invoice is paid.',
      ),
    ).toBeTruthy();
  });
});
