// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type {
  ConnectedProperty,
  ConnectionView,
  GaProperty,
  GetConnectionsResult,
} from '#shared/contracts/connections.schema';
import { ConnectionsPanel } from '../../../web/src/connections/connections-panel';
import { renderAt } from '../auth/render-at';
import { type Answer, fakeReportApi } from '../support/report-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function connected(gaid: string, gaview: string, progress: number): ConnectedProperty {
  return {
    gaid,
    gaview,
    gaurl: `https://${gaid}.acme.example`,
    time_zone: 'America/Chicago',
    resolution: 'minute',
    hourly_reason: null,
    pull: {
      state: progress === 100 ? 'done' : 'queued',
      progress,
      from: '2024-01-01',
      to: '2025-02-28',
      done_through: null,
      last_pull_at: null,
      message: null,
    },
  };
}

/** A property just connected, as the server answers it before its first pull. */
function queued(gaid: string, gaview: string): ConnectedProperty {
  const p = connected(gaid, gaview, 0);
  return { ...p, pull: { ...p.pull, from: '', to: '' } };
}

function addable(gaid: string, gaview: string, gaurl: string): GaProperty {
  return {
    gaid,
    gapropertyid: gaid,
    gaview,
    gaurl,
    gaccount_id: '900',
    account_name: 'Acme account',
    time_zone: 'America/New_York',
    checked: false,
  };
}

const SHOP = addable('1002', 'Acme Shop', 'https://shop.acme.example');
const OUTLET = addable('1003', 'Acme Outlet', '');

function connection(over: Partial<ConnectionView> = {}): ConnectionView {
  return {
    connection_id: 'conn-1',
    source: 'oauth',
    ga_email: 'owner@acme.example',
    status: 'active',
    invalid_reason: null,
    created_at: '2025-03-01T15:00:00.000Z',
    properties: [connected('1001', 'Acme Store', 100)],
    addable_properties: [SHOP, OUTLET],
    ...over,
  };
}

function result(over: Partial<GetConnectionsResult> = {}): { result: GetConnectionsResult } {
  return {
    result: {
      status: 'connected',
      connections: [connection()],
      requests: [],
      viewer_properties: [],
      service_account_email: 'reader@analyticowl.example',
      can_edit: true,
      ...over,
    },
  };
}

function renderPanel() {
  return renderAt(
    '/ss',
    '/ss',
    <ConnectionsPanel clientUid="c1" clientName="Acme Furniture" onChanged={() => {}} />,
  );
}

const card = async () =>
  within(await screen.findByRole('article', { name: 'Google account owner@acme.example' }));

describe('Add a property on a Google sign-in', () => {
  test('offers what the Google account could still add; the added one shows with its backfill progress', async () => {
    let added = false;
    const calls = fakeReportApi({
      get_connections: () =>
        added
          ? result({
              connections: [
                connection({
                  properties: [connected('1001', 'Acme Store', 100), queued('1003', 'Acme Outlet')],
                  addable_properties: [SHOP],
                }),
              ],
            })
          : result(),
      connect_property: () => {
        added = true;
        return { result: { connection_id: 'conn-1', property_id: '1003' } };
      },
    });
    renderPanel();
    const c = await card();
    const form = within(c.getByRole('form', { name: 'Add a property' }));
    const select = form.getByRole('combobox', { name: 'Property to add' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Acme Shop · https://shop.acme.example', 'Acme Outlet · no web data stream']);

    fireEvent.change(select, { target: { value: '1003' } });
    fireEvent.click(form.getByRole('button', { name: 'Add a property' }));

    const bar = await c.findByRole('progressbar', { name: 'History of Acme Outlet pulled' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(c.getByText('History: Waiting to start')).toBeDefined();
    expect(calls.find((x) => x.name === 'connect_property')?.input).toEqual({
      cid: 'c1',
      gaid: '1003',
      connection_id: 'conn-1',
    });
    // The note follows the add's answer, which may land a moment after the refreshed list.
    await waitFor(() =>
      expect(c.getByRole('status').textContent).toBe(
        'Acme Outlet added: its history is being pulled.',
      ),
    );
    expect(
      within(c.getByRole('combobox', { name: 'Property to add' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Acme Shop · https://shop.acme.example']);
    expect(c.getByText(/2 properties/)).toBeDefined();
  });

  test('once the last one is added the control goes and the card says it was added', async () => {
    let added = false;
    fakeReportApi({
      get_connections: () =>
        added
          ? result({
              connections: [
                connection({
                  properties: [
                    connected('1001', 'Acme Store', 100),
                    connected('1002', 'Acme Shop', 0),
                  ],
                  addable_properties: [],
                }),
              ],
            })
          : result({ connections: [connection({ addable_properties: [SHOP] })] }),
      connect_property: () => {
        added = true;
        return { result: { connection_id: 'conn-1', property_id: '1002' } };
      },
    });
    renderPanel();
    const c = await card();

    fireEvent.click(c.getByRole('button', { name: 'Add a property' }));

    expect(
      await c.findByRole('progressbar', { name: 'History of Acme Shop pulled' }),
    ).toBeDefined();
    expect(c.queryByRole('form', { name: 'Add a property' })).toBeNull();
    await waitFor(() =>
      expect(c.getByRole('status').textContent).toBe(
        'Acme Shop added: its history is being pulled.',
      ),
    );
    expect(document.activeElement).toBe(c.getByRole('status'));
  });

  test('a refused add is said in words beside the control, and nothing else changes', async () => {
    const refused: Answer = {
      status: 400,
      code: 'validation',
      message: 'This Google account cannot read this property.',
    };
    fakeReportApi({ get_connections: result(), connect_property: refused });
    renderPanel();
    const c = await card();
    const form = within(c.getByRole('form', { name: 'Add a property' }));

    fireEvent.click(form.getByRole('button', { name: 'Add a property' }));

    expect((await form.findByRole('alert')).textContent).toBe(
      'Could not add Acme Shop: This Google account cannot read this property.',
    );
    expect(form.getByRole('button', { name: 'Add a property' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(c.getAllByRole('listitem')).toHaveLength(1);
    expect(c.getByRole('status').textContent).toBe('');
  });

  test('a view-only caller is offered nothing to add', async () => {
    fakeReportApi({ get_connections: result({ can_edit: false }) });
    renderPanel();
    const c = await card();

    expect(c.queryByRole('form', { name: 'Add a property' })).toBeNull();
    expect(c.queryByRole('combobox')).toBeNull();
  });

  test.each([
    ['nothing left to add', connection({ addable_properties: [] })],
    ['an answer without the list (older server)', connection({ addable_properties: undefined })],
    ['a connection that lost access', connection({ status: 'invalid' })],
  ])('no control for %s', async (_case, view) => {
    fakeReportApi({ get_connections: result({ connections: [view] }) });
    renderPanel();
    const c = await card();

    expect(c.getByText(/1 property/)).toBeDefined();
    expect(c.queryByRole('form', { name: 'Add a property' })).toBeNull();
  });
});
