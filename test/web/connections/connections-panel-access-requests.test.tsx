// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { fakeReportApi } from '../support/report-api';
import { afterLink, connection, LINK, renderPanel, result } from './connections-panel-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Connections panel', () => {
  test('a connection that lost access says so, and Reconnect makes a new link to sign in again', async () => {
    const calls = fakeReportApi(
      afterLink(
        result({
          status: 'connected_invalid',
          connections: [
            connection({ status: 'invalid', invalid_reason: CONNECTION_MESSAGES.accessLost }),
          ],
        }),
      ),
    );
    renderPanel();

    expect(await screen.findByText(CONNECTION_MESSAGES.accessLost)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));

    const field = await screen.findByRole('textbox', { name: 'Connection link' });
    expect((field as HTMLInputElement).value).toBe(LINK.connection_url);
    expect(document.activeElement).toBe(field);
    expect(calls.find((c) => c.name === 'connect_url')?.input).toEqual({ cid: 'c1' });
  });

  test('Request access makes a link mailed to the e-mail, shown with a Copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = fakeReportApi(
      afterLink(result({ status: 'not_connected', connections: [] }), {
        mailedTo: 'web@acme.example',
      }),
    );
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Request access' }));

    fireEvent.change(form.getByRole('textbox', { name: 'E-mail (optional)' }), {
      target: { value: 'Web@Acme.example' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Make a connection link' }));

    const field = await screen.findByRole('textbox', { name: 'Connection link' });
    expect((field as HTMLInputElement).value).toBe(LINK.connection_url);
    expect(screen.getByText(/Mailed to web@acme.example\./)).toBeDefined();
    expect(calls.find((c) => c.name === 'connect_url')?.input).toEqual({
      cid: 'c1',
      email: 'web@acme.example',
    });
    fireEvent.click(
      within(field.parentElement as HTMLElement).getByRole('button', { name: 'Copy' }),
    );
    // The status line is set once the clipboard's promise settles, a tick after the call itself.
    expect(await screen.findByText('Copied.')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith(LINK.connection_url);
  });

  test('a link whose request was used meanwhile is no longer offered', async () => {
    fakeReportApi(
      afterLink(result({ status: 'not_connected', connections: [] }), { status: 'used' }),
    );
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Request access' }));

    fireEvent.click(form.getByRole('button', { name: 'Make a connection link' }));

    await waitFor(() => expect(form.getByRole('button').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('textbox', { name: 'Connection link' })).toBeNull();
  });

  test('a mistyped e-mail is refused in the browser and no link is made', async () => {
    const calls = fakeReportApi({
      get_connections: result({ status: 'not_connected', connections: [] }),
      connect_url: { result: LINK },
    });
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Request access' }));

    fireEvent.change(form.getByRole('textbox', { name: 'E-mail (optional)' }), {
      target: { value: 'web-at-acme' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Make a connection link' }));

    expect(await form.findByText('Invalid email address')).toBeDefined();
    expect(calls.map((c) => c.name)).not.toContain('connect_url');
  });

  test('Cancel on an open request cancels it and the panel reloads', async () => {
    const calls = fakeReportApi({
      get_connections: result({
        status: 'almost_connected',
        connections: [],
        requests: [
          {
            request_id: 'req-1',
            email: 'web@acme.example',
            status: 'open',
            created_at: '2025-03-01T15:00:00.000Z',
            expires_at: '2025-03-08T15:00:00.000Z',
          },
        ],
      }),
      garequest_cancel: { result: {} },
    });
    renderPanel();

    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancel the request: Sent to web@acme.example' }),
    );

    await waitFor(() =>
      expect(calls.map((c) => c.name)).toEqual([
        'get_connections',
        'garequest_cancel',
        'get_connections',
      ]),
    );
    expect(calls[1]?.input).toEqual({ cid: 'c1', request_id: 'req-1' });
  });
});
