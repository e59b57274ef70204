// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '#shared/contracts/account.schema';
import { maskPhone } from '../../../web/src/auth/phone-mask';
import { RegisterPage } from '../../../web/src/auth/register-page';
import { fail, fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

/** Fills every field of a valid advertiser registration. */
function fillAdvertiser() {
  type('First name', 'Ann');
  type('Last name', 'Lee');
  type('E-mail address', 'Ann@Example.com');
  type('Phone (optional)', '(555) 123 4567');
  fireEvent.click(screen.getByLabelText(/^Advertiser/));
  type('Years of experience', '3');
  type('Password', 'abc12!xy');
  type('Confirm password', 'abc12!xy');
  fireEvent.click(screen.getByLabelText(/I accept the/));
}

describe('registration form (spec §5 "Registration" messages, word for word)', () => {
  test('an empty form shows each required-field message and sends nothing', async () => {
    const calls = fakeApi({});
    renderAt('/register', '/register', <RegisterPage />);

    submit();

    for (const message of [
      M.firstName,
      M.lastName,
      M.emailRequired,
      M.userType,
      M.years,
      M.passwordRequired,
      M.confirmRequired,
      M.terms,
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('malformed values show their field messages', async () => {
    fakeApi({});
    renderAt('/register', '/register', <RegisterPage />);

    type('E-mail address', 'ann@nowhere');
    type('Phone (optional)', '555-12');
    type('Password', 'password');
    submit();

    for (const message of [M.emailInvalid, M.phoneInvalid, M.passwordWeak])
      expect(await screen.findByText(message)).toBeTruthy();
  });

  // The contract's cross-field rules (zod superRefine) run once every field is valid on its own.
  test('once the fields are valid, advertisers must give industry, company and url', async () => {
    fakeApi({});
    renderAt('/register', '/register', <RegisterPage />);

    fillAdvertiser();
    type('Confirm password', 'abc12!xz');
    submit();

    for (const message of [M.passwordsDiffer, M.industry, M.company, M.urlRequired])
      expect(await screen.findByText(message)).toBeTruthy();

    type('Website', 'not a site');
    submit();
    expect(await screen.findByText(M.urlInvalid)).toBeTruthy();
  });

  test('reps must pick a market (free-text DMA codes when there is no regions route)', async () => {
    fakeApi({});
    renderAt('/register', '/register', <RegisterPage />);

    fillAdvertiser();
    fireEvent.click(screen.getByLabelText(/^Media rep or station/));
    submit();

    expect(await screen.findByText(M.markets)).toBeTruthy();
    expect(screen.getByLabelText('Markets (DMA codes)')).toBeTruthy();
  });

  test('the phone is masked as 999-999-9999 while typing', () => {
    expect(['5', '5551', '555123', '5551234567890', '(555) 123-45'].map(maskPhone)).toEqual([
      '5',
      '555-1',
      '555-123',
      '555-123-4567',
      '555-123-45',
    ]);
  });

  test('a valid advertiser is registered and sent to verify the e-mail', async () => {
    const calls = fakeApi({ register: ok({}) });
    renderAt('/register', '/register', <RegisterPage />);

    fillAdvertiser();
    await waitFor(() => expect(screen.getByLabelText('Industry id')).toBeTruthy());
    type('Industry id', 'IAB-42');
    type('Company', 'Acme Mattress');
    type('Website', 'https://acme.example.com');
    submit();

    expect((await screen.findByTestId('landed')).textContent).toBe(
      '/verify-email?email=ann%40example.com',
    );
    expect(calls.find((c) => c.name === 'register')?.body).toMatchObject({
      email: 'ann@example.com',
      phone: '555-123-4567',
      user_type: 'self',
      industry_id: 'IAB-42',
      url: 'acme.example.com',
      years_experience_raw: 3,
      accept_terms: true,
    });
  });

  test('a server error about the e-mail shows in the alert and on the e-mail field', async () => {
    fakeApi({ register: fail(409, 'conflict', 'That e-mail already has an account.', 'email') });
    renderAt('/register', '/register', <RegisterPage />);

    fillAdvertiser();
    fireEvent.click(screen.getByLabelText(/^Agency/));
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That e-mail already has an account.');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
  });
});
