// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { VerifyEmailPage } from '../../../web/src/auth/verify-email-page';
import { fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', () => ({
  storeLoginTokens: vi.fn(async () => undefined),
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('verify e-mail page after a landing-preview sign-up', () => {
  test('the Log in link returns to the report screen on the client the verification created', async () => {
    fakeApi({ verify_email: ok({ verified: true, needs_password: false, client_uid: 'c-7' }) });

    renderAt(
      '/verify-email?email=ann%40example.com&code=AB12CD',
      '/verify-email',
      <VerifyEmailPage />,
    );

    await screen.findByText('E-mail verified. Please log in.');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?email=ann%40example.com&next=${encodeURIComponent('/ss?client=c-7')}`,
    );
  });
});
