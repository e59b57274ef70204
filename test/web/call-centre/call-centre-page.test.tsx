// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { ApiError } from '../../../web/src/api/client';
import { hasSession, logOut } from '../../../web/src/auth/session';
import { answerWith, callsTo, forbidden, renderCallCentre } from './call-centre-fixtures';

vi.mock('../../../web/src/api/client', async (io) =>
  (await import('./call-centre-mocks')).mockedClient(io),
);
vi.mock('../../../web/src/auth/session', async () =>
  (await import('./call-centre-mocks')).mockedSession(),
);

const NOT_AGENT =
  'This account is not a call-centre agent. Ask your manager to add you to the agents group.';

beforeEach(() => {
  vi.mocked(hasSession).mockResolvedValue(true);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('call-centre sign-in gate', () => {
  test('signed out, the real login box shows and no call-centre route is called', async () => {
    vi.mocked(hasSession).mockResolvedValue(false);
    answerWith({});

    renderCallCentre('/call-centre?uid=rec-1');

    expect(((await screen.findByLabelText('E-mail or username')) as HTMLInputElement).value).toBe(
      '',
    );
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(callsTo('cls_get_record')).toEqual([]);
  });

  test('a 403 on opening a record says the account is not an agent, with Log out', async () => {
    answerWith({
      cls_get_record: () => {
        throw forbidden();
      },
    });

    renderCallCentre('/call-centre?uid=rec-1');

    expect(await screen.findByText(NOT_AGENT)).toBeTruthy();
    const logOutButtons = screen.getAllByRole('button', { name: 'Log out' });
    expect(logOutButtons).toHaveLength(2);
  });

  test('a 403 on a search says the account is not an agent', async () => {
    answerWith({
      cls_search: () => {
        throw forbidden();
      },
    });
    renderCallCentre();

    fireEvent.change(await screen.findByLabelText('Find an advertiser'), {
      target: { value: 'acme' },
    });

    expect(await screen.findByText(NOT_AGENT, {}, { timeout: 3000 })).toBeTruthy();
  });

  test("a 403 mfa_required shows the server's message to add an authenticator app, not 'not an agent'", async () => {
    answerWith({
      cls_followups: () => {
        throw new ApiError(MFA_MESSAGES.required, 'mfa_required', 403);
      },
    });

    renderCallCentre();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MFA_MESSAGES.required);
    expect(screen.queryByText(NOT_AGENT)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(2);
  });

  test('Log out in the header signs out and brings back the login box', async () => {
    answerWith({});
    renderCallCentre();
    const button = await screen.findByRole('button', { name: 'Log out' });

    fireEvent.click(button);

    await waitFor(() => expect(logOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByLabelText('E-mail or username')).toBeTruthy();
  });
});
