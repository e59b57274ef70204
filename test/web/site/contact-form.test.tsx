// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ContactForm, readCommsFlags } from '../../../web/src/site/contact-form';
import { fail, fakeApi, ok } from '../auth/fake-api';

const session = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => session.signedIn),
}));

beforeEach(() => {
  session.signedIn = false;
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test browser's cookie.
  document.cookie = 'ss_comms=; max-age=0; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (el: React.ReactElement) =>
  render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

function fill() {
  type('First name', 'Ann');
  type('Last name', 'Lee');
  type('E-mail address', 'ann@example.com');
  type('Message', 'Hello');
}

describe('contact form', () => {
  test('an empty form shows the spec messages under the fields and sends nothing', async () => {
    const calls = fakeApi({}, ['comms']);
    show(<ContactForm />);

    send();

    for (const message of [
      'Please enter your first name',
      'Please enter your last name',
      'Enter an email address',
      'What would you like to say?',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('sends {comm, form} with the default subject, thanks the visitor and sets ss_comms', async () => {
    const calls = fakeApi({ comms: ok({ message: "Thank you! We'll be in touch soon!" }) }, [
      'comms',
    ]);
    show(<ContactForm />);

    fill();
    send();

    expect(await screen.findByText("Thank you! We'll be in touch soon!")).toBeTruthy();
    expect(calls).toEqual([
      {
        name: 'comms',
        body: {
          comm: 'contact-us',
          form: expect.objectContaining({
            first_name: 'Ann',
            email: 'ann@example.com',
            subject: 'Help Me Sign Up',
            message: 'Hello',
          }),
        },
      },
    ]);
    expect(Object.keys(readCommsFlags())).toEqual(['contact-us']);
  });

  test.each([
    ['enterprise', 'Industry Insights - Enterprise'],
    ['free-ads', 'I want Free Ads'],
  ] as const)('group %s presets the subject %s', (group, subject) => {
    fakeApi({}, ['comms']);
    show(<ContactForm group={group} />);

    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(subject);
  });

  test('pre-fills name and e-mail from a signed-in session', async () => {
    session.signedIn = true;
    fakeApi(
      {
        get_session: ok({ first_name: 'Sam', last_name: 'Ng', primary_email: 'sam@example.com' }),
      },
      ['comms', 'get_session'],
    );
    show(<ContactForm />);

    await waitFor(() =>
      expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
        'sam@example.com',
      ),
    );
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Sam');
  });

  test('a server failure shows the spec fallback and keeps the form editable', async () => {
    fakeApi({ comms: fail(500, 'internal', 'boom') }, ['comms']);
    show(<ContactForm />);

    fill();
    send();

    expect(await screen.findByText('There was a problem. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
