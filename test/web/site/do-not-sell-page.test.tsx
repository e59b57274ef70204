// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DoNotSellPage } from '../../../web/src/site/do-not-sell-page';
import { fail, fakeApi, ok } from '../auth/fake-api';

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
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

function fill() {
  type('First name', 'Bo');
  type('Last name', 'Ray');
  type('E-mail address', 'bo@example.com');
  type('Address', '1 Main St');
  type('City', 'Fresno');
  type('State', 'CA');
  type('Zip/Postal code', '93701');
}

describe('do-not-sell page', () => {
  test('requires every field and the box, with the spec messages', async () => {
    const calls = fakeApi({}, ['do_not_sell']);
    render(<DoNotSellPage />);

    send();

    for (const message of [
      'Please enter your first name',
      'Please enter your last name',
      'Enter an email address',
      'Please enter your address',
      'Please enter your city',
      'Please enter your state',
      'Please enter your zip/postalcode',
      'Please check the box',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('sends the spec fields and replaces the send button with a thank-you', async () => {
    const calls = fakeApi({ do_not_sell: ok({ message: 'x' }) }, ['do_not_sell']);
    render(<DoNotSellPage />);

    fill();
    fireEvent.click(screen.getByLabelText('I am a California resident'));
    fireEvent.click(screen.getByLabelText('Do not sell my personal information'));
    send();

    expect(await screen.findByText("Thank you! We'll be in touch soon!")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(calls[0]?.body).toMatchObject({
      first_name: 'Bo',
      zipcode: '93701',
      california: true,
      do_not_sell: true,
    });
  });

  test('shows the thank-you even when the call fails (spec §8: failures swallowed)', async () => {
    fakeApi({ do_not_sell: fail(500, 'internal', 'boom') }, ['do_not_sell']);
    render(<DoNotSellPage />);

    fill();
    fireEvent.click(screen.getByLabelText('Do not sell my personal information'));
    send();

    expect(await screen.findByText("Thank you! We'll be in touch soon!")).toBeTruthy();
  });
});
