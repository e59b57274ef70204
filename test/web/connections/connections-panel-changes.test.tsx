// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type Answer, fakeReportApi } from '../support/report-api';
import { panel, renderPanel, result, SA } from './connections-panel-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Connections panel', () => {
  test('Viewer access shows the address to give and the guide, and attaches a shared property', async () => {
    const calls = fakeReportApi({
      get_connections: result({
        status: 'not_connected',
        connections: [],
        viewer_properties: [
          {
            gaid: '333',
            gapropertyid: '333',
            gaview: 'Outlet',
            gaurl: 'https://acme.example',
            gaccount_id: 'a2',
            account_name: 'Outlet Account',
            time_zone: 'America/New_York',
            checked: false,
          },
        ],
      }),
      connect_property: { result: {} },
    });
    renderPanel();

    const address = await screen.findByRole('textbox', { name: 'Address to add as Viewer' });
    expect((address as HTMLInputElement).value).toBe(SA);
    expect(screen.getByRole('link', { name: /connection guide/ }).getAttribute('href')).toBe(
      `/all-connect?email=${encodeURIComponent(SA)}#g4notice`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Attach Outlet' }));

    await waitFor(() =>
      expect(calls.find((c) => c.name === 'connect_property')?.input).toEqual({
        cid: 'c1',
        gaid: '333',
      }),
    );
  });

  test('Disconnect asks first; Keep it changes nothing, confirming removes the connection', async () => {
    const calls = fakeReportApi({
      get_connections: result(),
      connection_remove: { result: {} },
    });
    renderPanel();
    const card = within(await screen.findByRole('article', { name: /owner@acme.example/ }));

    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Disconnect this connection?' }));
    expect(dialog.getByText(/Visits already pulled stay in the reports/)).toBeDefined();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((c) => c.name)).not.toContain('connection_remove');

    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'connection_remove')?.input).toEqual({
        cid: 'c1',
        connection_id: 'conn-1',
      }),
    );
  });

  test('a refused change is said in words and the panel stays', async () => {
    const refused: Answer = {
      status: 403,
      code: 'forbidden',
      message: 'You do not have access to this.',
    };
    fakeReportApi({
      get_connections: result({
        viewer_properties: [
          {
            gaid: '333',
            gapropertyid: '333',
            gaview: 'Outlet',
            gaurl: '',
            gaccount_id: 'a2',
            account_name: 'Outlet Account',
            time_zone: 'UTC',
            checked: false,
          },
        ],
      }),
      connect_property: refused,
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Attach Outlet' }));

    expect((await panel().findByRole('alert')).textContent).toBe('You do not have access to this.');
    expect(screen.getByRole('progressbar')).toBeDefined();
  });
});
