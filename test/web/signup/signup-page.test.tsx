// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '#shared/contracts/account.schema';
import { storeLoginTokens } from '../../../web/src/auth/session';
import { SignupPage } from '../../../web/src/signup/signup-page';
import { fail, fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';

vi.mock('../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
  storeLoginTokens: vi.fn(async () => undefined),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(storeLoginTokens).mockClear();
});

const SIGNUP_ROUTES = ['send_auth_code', 'verify_auth_code', 'simple_register'];
const TOKENS = { id_token: 'id', access_token: 'acc', refresh_token: 'ref', expires_in: 3600 };
const PROOF = 'p'.repeat(43);
const ANSWERS = {
  send_auth_code: ok({ email_address: 'ann@example.com', verification_sent: true }),
  verify_auth_code: ok({
    authenticated: true,
    email_address: 'ann@example.com',
    has_account: false,
    proof_token: PROOF,
    proof_expires_in: 1800,
  }),
  simple_register: ok({ token: TOKENS, redirect_uri: '/ss', stay_logged_in: true }),
};

function start(answers: Record<string, { status: number; body: unknown }> = ANSWERS) {
  const calls = fakeApi(answers, SIGNUP_ROUTES);
  renderAt('/get-started', '/get-started', <SignupPage />);
  return calls;
}

const pick = (label: RegExp | string) =>
  fireEvent.click(screen.getByRole('radio', { name: label }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Answers role, plan type and plan, and asks for a code for `email`. */
async function toCode(email = '  Ann@Example.COM ') {
  pick(/^Station owner/);
  pick(/^Industry Insights/);
  fireEvent.click(screen.getByRole('button', { name: 'Choose Individual Starter' }));
  type('E-mail address', email);
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('Verification code');
}

describe('/get-started simple signup (spec §4 "Simple signup steps")', () => {
  test('walks role -> plan type -> plan -> e-mail -> code -> profile into the subscribe wizard', async () => {
    const calls = start();

    const code = await toCode();
    fireEvent.change(code, { target: { value: '123456' } });
    await screen.findByRole('heading', { name: /About you/ });
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(screen.getByLabelText(/I accept the/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));

    expect(await screen.findByTestId('landed')).toHaveProperty(
      'textContent',
      '/plans/subscribe?plan=paygo&product=industry',
    );
    expect(calls).toEqual([
      { name: 'send_auth_code', body: { email_address: 'ann@example.com' } },
      { name: 'verify_auth_code', body: { email_address: 'ann@example.com', code: '123456' } },
      {
        name: 'simple_register',
        body: {
          first_name: 'Ann',
          last_name: 'Lee',
          new_password: 'abc12!xy',
          confirm_password: 'abc12!xy',
          accept_terms: true,
          role: 'station_owner',
          proof_token: PROOF,
        },
      },
    ]);
    expect(storeLoginTokens).toHaveBeenCalledWith(TOKENS, 'ann@example.com', true);
  });

  test('steps appear one at a time', () => {
    start();

    expect(screen.queryByRole('heading', { name: /What would you like to see/ })).toBeNull();
    pick(/^Advertiser/);
    expect(screen.getByRole('heading', { name: /What would you like to see/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Pick a plan/ })).toBeNull();
    pick(/^Advertiser Insights/);
    expect(screen.getByRole('heading', { name: /Pick a plan/ })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });

  test('prices come from the price table for the chosen plan type', () => {
    start();

    pick(/^Agency/);
    pick(/^Both/);

    const individual = screen
      .getByRole('heading', { name: 'Individual Unlimited' })
      .closest('li') as HTMLElement;
    expect(within(individual).getByText('$498')).toBeTruthy();
    expect(within(individual).getByText('/month')).toBeTruthy();
  });

  test('changing the role clears plan type and plan', async () => {
    start();
    await toCode();

    pick(/^Media rep/);

    expect(screen.queryByRole('heading', { name: /Pick a plan/ })).toBeNull();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    for (const radio of screen.getAllByRole('radio', { name: /Insights|^Both/ }))
      expect((radio as HTMLInputElement).checked).toBe(false);
  });

  test('changing the plan type clears the plan', () => {
    start();
    pick(/^Advertiser/);
    pick(/^Industry Insights/);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Individual Unlimited' }));
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();

    pick(/^Advertiser Insights/);

    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Individual Unlimited' })).toBeTruthy();
  });

  test('Choose Another Plan clears the plan and shows the cards again', () => {
    start();
    pick(/^Advertiser/);
    pick(/^Industry Insights/);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Small Team Unlimited' }));

    fireEvent.click(screen.getByRole('button', { name: 'Choose Another Plan' }));

    expect(screen.getAllByRole('button', { name: /^Choose / })).toHaveLength(4);
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });

  test('a malformed e-mail shows the spec message and sends nothing', async () => {
    const calls = start();
    pick(/^Advertiser/);
    pick(/^Industry Insights/);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Individual Starter' }));

    type('E-mail address', 'ann@');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(M.emailInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(calls).toEqual([]);
  });

  test('the 6th character triggers verification, not the 5th', async () => {
    const calls = start();
    const code = await toCode();

    fireEvent.change(code, { target: { value: '12345' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.map((c) => c.name)).toEqual(['send_auth_code']);
    fireEvent.change(code, { target: { value: '12345 6' } });

    await waitFor(() => expect(calls.map((c) => c.name)).toContain('verify_auth_code'));
    expect(calls.at(-1)?.body).toEqual({ email_address: 'ann@example.com', code: '123456' });
  });

  test('a failed send is swallowed: the code field appears all the same', async () => {
    start({ ...ANSWERS, send_auth_code: fail(429, 'rate_limited', 'Too many attempts.') });

    await toCode();

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Too many attempts.')).toBeNull();
  });

  test('a wrong code is swallowed: no alert, no profile, the code can be retyped', async () => {
    start({ ...ANSWERS, verify_auth_code: fail(400, 'verify_failed', 'That code did not work.') });
    const code = await toCode();

    fireEvent.change(code, { target: { value: '000000' } });
    await waitFor(() => expect(code.getAttribute('aria-busy')).toBeNull());

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('That code did not work.')).toBeNull();
    expect(screen.queryByRole('heading', { name: /About you/ })).toBeNull();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
  });

  test('an address with an account gets "Log in instead" back to the wizard', async () => {
    start({
      ...ANSWERS,
      verify_auth_code: ok({
        authenticated: true,
        email_address: 'ann@example.com',
        has_account: true,
      }),
    });
    const code = await toCode();

    fireEvent.change(code, { target: { value: '123456' } });

    const link = await screen.findByRole('link', { name: 'Log in instead' });
    expect(link.getAttribute('href')).toBe(
      `/login?email=ann%40example.com&next=${encodeURIComponent('/plans/subscribe?plan=paygo&product=industry')}`,
    );
    expect(screen.queryByRole('heading', { name: /About you/ })).toBeNull();
  });

  test('the profile step checks names, password and terms with the spec messages', async () => {
    const calls = start();
    fireEvent.change(await toCode(), { target: { value: '123456' } });
    await screen.findByRole('heading', { name: /About you/ });
    type('Password', 'password');

    fireEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));

    for (const message of [M.firstName, M.lastName, M.passwordWeak, M.confirmRequired, M.terms])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.map((c) => c.name)).not.toContain('simple_register');
  });

  test('an expired proof goes back to the code with a note', async () => {
    start({
      ...ANSWERS,
      simple_register: fail(400, 'proof_invalid', 'Your e-mail confirmation has expired.'),
    });
    fireEvent.change(await toCode(), { target: { value: '123456' } });
    await screen.findByRole('heading', { name: /About you/ });
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(screen.getByLabelText(/I accept the/));

    fireEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));

    expect(await screen.findByText(/Your confirmation ran out/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /About you/ })).toBeNull();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'ann@example.com',
    );
  });
});
