// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  HomeLoginSection,
  HomeSignUpSection,
  LEARN_MORE_ID,
  LearnMoreLink,
} from '../../../../web/src/site/pages/home-forms';
import { fakeApi } from '../../auth/fake-api';

vi.mock('../../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
  storeLoginTokens: vi.fn(async () => undefined),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showLearnMore(reducedMotion: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
  }));
  render(
    <>
      <LearnMoreLink />
      <div id={LEARN_MORE_ID} tabIndex={-1}>
        Benefits
      </div>
    </>,
  );
  const target = screen.getByText('Benefits');
  const scroll = vi.fn();
  target.scrollIntoView = scroll;
  return { target, scroll };
}

describe('home page extras (spec §2 "Landing page")', () => {
  test.each([
    [false, 'smooth'],
    [true, 'auto'],
  ])(
    'Learn more scrolls to the benefits (reduced motion %s: %s) and moves focus there',
    (reduced, behavior) => {
      const { target, scroll } = showLearnMore(reduced);

      fireEvent.click(screen.getByRole('link', { name: /^Learn more/ }));

      expect(scroll).toHaveBeenCalledWith({ behavior, block: 'start' });
      expect(document.activeElement).toBe(target);
    },
  );

  test('the Login box and the Sign up form load after the page, the subject Help Me Sign Up', async () => {
    fakeApi({}, ['comms', 'user_session']);
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <HomeLoginSection />
          <HomeSignUpSection />
        </MemoryRouter>
      </SWRConfig>,
    );

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    const subject = (await screen.findByLabelText('Subject')) as HTMLInputElement;
    expect(subject.value).toBe('Help Me Sign Up');
    expect(screen.getByRole('heading', { level: 2, name: 'Sign up' })).toBeTruthy();
  });
});
