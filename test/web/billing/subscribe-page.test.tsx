// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import { BILLING_MESSAGES } from '#shared/contracts/billing.schema';
import { SubscribePage } from '../../../web/src/billing/subscribe-page';
import { renderAt } from '../auth/render-at';
import {
  type ApiCall,
  emptyProfile,
  ORGS,
  ok,
  payingProfile,
  sessionFixture,
  stubBillingApi,
} from './billing-api';

const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../../web/src/auth/session', () => ({
  hasSession: vi.fn(async () => auth.signedIn),
  storeLoginTokens: vi.fn(async () => {
    auth.signedIn = true;
  }),
}));

beforeEach(() => {
  auth.signedIn = true;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDERED = {
  outcome: 'subscribed',
  profile: payingProfile(),
  available_products: { ...noProducts(), has_any_subscription: true },
};

/** A signed-in user whose personal organisation already has a card on file. */
function answer(call: ApiCall) {
  switch (call.name) {
    case 'get_session':
      return ok(sessionFixture());
    case 'my_organizations':
      return ok({ organizations: ORGS });
    case 'get_billing_profile':
      return ok({ ...payingProfile(), subscription: null, invoices: [] });
    case 'order_product':
      return ok(ORDERED);
    default:
      return undefined;
  }
}

const step = () => screen.getByRole('navigation', { name: 'Subscription steps' });
const current = () => step().querySelector('[aria-current="step"]')?.textContent;
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
/** Continue on the plan step, once the session is read. */
async function leavePlanStep() {
  const next = screen.getByRole('button', { name: 'Continue' });
  await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
  fireEvent.click(next);
}

describe('/plans/subscribe wizard (spec §2 "Steps: plan, account, organization, billing, confirm")', () => {
  test('a signed-in user goes plan -> organization -> billing -> confirm and subscribes', async () => {
    const calls = stubBillingApi(answer);
    renderAt(
      '/plans/subscribe?plan=individual&product=advertiser',
      '/plans/subscribe',
      <SubscribePage />,
    );
    expect(current()).toContain('Plan');
    expect(screen.getByRole('link', { name: 'Choose Another Plan' }).getAttribute('href')).toBe(
      '/plans',
    );

    await leavePlanStep();

    expect(document.activeElement).toBe(await heading('Choose the organization'));
    expect(current()).toContain('Organization');
    expect(step().textContent).toContain('Account (done)');
    const personal = await screen.findByRole('radio', { name: /Ada Lovelace/ });
    await waitFor(() => expect((personal as HTMLInputElement).checked).toBe(true));
    press('Continue');

    await heading('Billing details');
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    press('Use this');

    await heading('Confirm and subscribe');
    const summary = screen.getByRole('table');
    expect(within(summary).getByText('$399/month')).toBeTruthy();
    expect(within(summary).getByRole('row', { name: /Billed to/ }).textContent).toContain(
      'Visa •••• 4242',
    );
    expect(within(summary).getByRole('row', { name: /Due today/ }).textContent).toContain('$399');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    expect(subscribe.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    expect(subscribe.hasAttribute('disabled')).toBe(false);
    const sessionsBefore = calls.filter((c) => c.name === 'get_session').length;
    fireEvent.click(subscribe);

    expect(await heading("You're subscribed")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your reports' }).getAttribute('href')).toBe(
      '/ss',
    );
    expect(calls.find((c) => c.name === 'order_product')?.input).toEqual({
      plan: 'individual',
      product: 'advertiser',
      organization_uid: 'org-personal',
      accept_terms: true,
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'get_session').length).toBeGreaterThan(sessionsBefore),
    );
  });

  test('an invoice customer is told before and after ordering that access starts when the invoice is paid', async () => {
    const invoiceProfile = {
      ...payingProfile(),
      brand: null,
      last4: null,
      billing_method: 'invoice' as const,
      subscription: null,
      invoices: [],
    };
    const pending = payingProfile({
      billing_method: 'invoice',
      subscription: { ...payingProfile().subscription!, access: 'pending' },
    });
    stubBillingApi((call) => {
      if (call.name === 'get_billing_profile') return ok(invoiceProfile);
      if (call.name === 'order_product')
        return ok({ outcome: 'pending', profile: pending, available_products: noProducts() });
      return answer(call);
    });
    renderAt(
      '/plans/subscribe?plan=individual&product=advertiser',
      '/plans/subscribe',
      <SubscribePage />,
    );
    await leavePlanStep();
    await heading('Choose the organization');
    const personal = await screen.findByRole('radio', { name: /Ada Lovelace/ });
    await waitFor(() => expect((personal as HTMLInputElement).checked).toBe(true));
    press('Continue');
    await heading('Billing details');
    press('Use this');

    await heading('Confirm and subscribe');
    expect(
      await screen.findByText('Pending: access starts when the first invoice is paid.', {
        exact: false,
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    press('Subscribe');

    expect(await heading('Your order is pending')).toBeTruthy();
    expect(
      screen.getByText('Pending: access starts when the first invoice is paid.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "You're subscribed" })).toBeNull();
  });

  test('a team plan needs an organization picked before it goes on', async () => {
    stubBillingApi(answer);
    renderAt('/plans/subscribe?plan=team&product=industry', '/plans/subscribe', <SubscribePage />);
    await leavePlanStep();
    await heading('Choose the organization');
    const team = await screen.findByRole('radio', { name: /Engines Team/ });
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);

    press('Continue');

    expect(await screen.findByText(BILLING_MESSAGES.organization)).toBeTruthy();
    expect(current()).toContain('Organization');
    fireEvent.click(team);
    press('Continue');
    expect(await heading('Billing details')).toBeTruthy();
  });

  test('an organization without billing gets the add-billing form', async () => {
    stubBillingApi((call) =>
      call.name === 'get_billing_profile' ? ok(emptyProfile()) : answer(call),
    );
    renderAt(
      '/plans/subscribe?plan=individual&product=industry',
      '/plans/subscribe',
      <SubscribePage />,
    );
    await leavePlanStep();
    await screen.findByRole('radio', { name: /Ada Lovelace/ });
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: /Ada Lovelace/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    press('Continue');

    expect(await screen.findByRole('form', { name: 'Billing details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeTruthy();
  });

  test('the Starter plan skips billing and shows $0 due today, pay as you go', async () => {
    const calls = stubBillingApi(answer);
    renderAt('/plans/subscribe?plan=paygo', '/plans/subscribe', <SubscribePage />);
    expect(within(step()).queryByText('Billing')).toBeNull();
    await leavePlanStep();
    await screen.findByRole('radio', { name: /Ada Lovelace/ });
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: /Ada Lovelace/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    press('Continue');

    await heading('Confirm and subscribe');
    expect(screen.getByText('$0 due today.')).toBeTruthy();
    expect(screen.getByText('Pay as you go')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    press('Subscribe');
    await heading("You're subscribed");
    expect(calls.find((c) => c.name === 'order_product')?.input).toEqual({
      plan: 'paygo',
      organization_uid: 'org-personal',
      accept_terms: true,
    });
  });

  test('an enterprise order ends with the contact form and "Thank you for your interest"', async () => {
    const calls = stubBillingApi((call) =>
      call.name === 'comms' ? ok({ message: 'Thank you!' }) : answer(call),
    );
    renderAt(
      '/plans/subscribe?plan=enterprise&product=advertiser',
      '/plans/subscribe',
      <SubscribePage />,
    );
    expect(step().textContent).toContain('Contact us');
    expect(within(step()).queryByText('Billing')).toBeNull();
    await leavePlanStep();
    fireEvent.click(await screen.findByRole('radio', { name: /Engines Team/ }));
    press('Continue');

    await heading('Contact us');
    fireEvent.change(await screen.findByLabelText('Message'), {
      target: { value: 'Ten markets, please.' },
    });
    await waitFor(() =>
      expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'),
    );
    press('Send');

    expect(await heading('Thank you for your interest')).toBeTruthy();
    const sent = calls.find((c) => c.name === 'comms')?.input as {
      form: Record<string, string>;
    };
    expect(sent.form).toMatchObject({
      group: 'enterprise',
      subject: 'Industry Insights - Enterprise',
      additional_data: 'plan=enterprise; product=advertiser; organization_uid=org-team',
    });
  });

  test('a visitor registers, verifies the e-mailed code and is signed in without leaving', async () => {
    auth.signedIn = false;
    const calls = stubBillingApi((call) => {
      if (call.name === 'register')
        return ok({ email: 'new@example.com', verification_sent: true });
      if (call.name === 'verify_email')
        return ok({ verified: true, registered: true, has_pass: true, needs_password: false });
      if (call.name === 'rest_login')
        return ok({
          token: { id_token: 'id', access_token: 'ac', expires_in: 3600 },
          redirect_uri: '/ss',
        });
      return answer(call);
    });
    renderAt(
      '/plans/subscribe?plan=individual&product=industry',
      '/plans/subscribe',
      <SubscribePage />,
    );
    await leavePlanStep();

    await heading('Your account');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/plans/subscribe?plan=individual&product=industry')}`,
    );
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('First name', 'Nia');
    type('Last name', 'New');
    type('E-mail address', 'new@example.com');
    fireEvent.click(screen.getByLabelText(/^Agency/));
    type('Years of experience', '4');
    type('Password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(screen.getByLabelText(/I accept the/));
    press('Create account');

    expect(
      await screen.findByText(/We've sent a 6-character code to new@example.com/),
    ).toBeTruthy();
    type('Verification code', 'AB12CD');
    press('Verify e-mail');

    expect(await heading('Choose the organization')).toBeTruthy();
    expect(calls.find((c) => c.name === 'rest_login')?.input).toEqual({
      email_address: 'new@example.com',
      password: 'abc12!xy',
      stay_logged_in: false,
    });
    expect(step().textContent).toContain('Account (done)');
  });

  test('without a plan it asks to choose one first', () => {
    stubBillingApi(answer);
    renderAt('/plans/subscribe', '/plans/subscribe', <SubscribePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
  });
});
