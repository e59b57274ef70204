// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  CONNECTION_MESSAGES,
  type ConnectedProperty,
  type ConnectionView,
  type GetConnectionsResult,
} from '../../../layers/shared/contracts/connections.schema';
import { ConnectionsPanel } from '../../../web/src/connections/connections-panel';
import { renderAt } from '../auth/render-at';
import { type Answer, fakeReportApi } from '../support/report-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SA = 'analyticowl-reader@analyticowl-local.iam.gserviceaccount.com';

function property(over: Partial<ConnectedProperty> = {}): ConnectedProperty {
  return {
    gaid: '111',
    gaview: 'Acme Store',
    gaurl: 'https://acme.example',
    time_zone: 'America/Chicago',
    resolution: 'minute',
    hourly_reason: null,
    ...over,
    pull: {
      state: 'running',
      progress: 40,
      from: '2024-01-01',
      to: '2025-02-28',
      done_through: '2024-06-10',
      last_pull_at: null,
      message: null,
      ...over.pull,
    },
  };
}

function connection(over: Partial<ConnectionView> = {}): ConnectionView {
  return {
    connection_id: 'conn-1',
    source: 'oauth',
    ga_email: 'owner@acme.example',
    status: 'active',
    invalid_reason: null,
    created_at: '2025-03-01T15:00:00.000Z',
    properties: [property()],
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
      service_account_email: SA,
      can_edit: true,
      ...over,
    },
  };
}

const LINK = {
  connection_url:
    'http://127.0.0.1:4361/start_connection?xrg=Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE&cid=c1',
  request_id: 'req-2',
  expires_at: '2025-03-08T15:00:00.000Z',
  mailed_to: null,
};

/** The request behind LINK, as get_connections lists it once connect_url made it. */
const LINK_REQUEST = {
  request_id: LINK.request_id,
  email: '',
  status: 'open' as const,
  created_at: '2025-03-01T15:00:00.000Z',
  expires_at: LINK.expires_at,
};

/**
 * get_connections answering `base`, plus LINK's request (with `status`) once connect_url has
 * made it (mailed to `mailedTo`), as the server does.
 */
function afterLink(
  base: { result: GetConnectionsResult },
  { status = 'open', mailedTo = null }: { status?: 'open' | 'used'; mailedTo?: string | null } = {},
): { get_connections: () => Answer; connect_url: () => Answer } {
  let made = false;
  return {
    get_connections: () =>
      made ? { result: { ...base.result, requests: [{ ...LINK_REQUEST, status }] } } : base,
    connect_url: () => {
      made = true;
      return { result: { ...LINK, mailed_to: mailedTo } };
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

const panel = () => within(screen.getByRole('region', { name: /Website analytics/ }));

describe('Connections panel', () => {
  test("shows the client's status and each property's backfill progress and last pull", async () => {
    fakeReportApi({ get_connections: result() });
    renderPanel();

    const bar = await screen.findByRole('progressbar', { name: 'History of Acme Store pulled' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('40% through 2024-06-10');
    expect(panel().getByText('Connected').textContent).toBe('Status: Connected');
    expect(panel().getByText(/^Last pull/).textContent).toBe('Last pull: not yet');
    expect(
      panel().getByRole('heading', { name: 'Google account owner@acme.example' }),
    ).toBeDefined();
  });

  test('polls while a pull runs, so the bar moves without a reload', async () => {
    let n = 0;
    fakeReportApi({
      get_connections: () => {
        n += 1;
        return n === 1
          ? result()
          : result({
              connections: [
                connection({ properties: [property({ pull: { progress: 75 } as never })] }),
              ],
            });
      },
    });
    renderPanel();
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    await waitFor(
      () => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'),
      { timeout: 6000 },
    );
  });

  test('a finished backfill shows no bar, and its last pull', async () => {
    fakeReportApi({
      get_connections: result({
        connections: [
          connection({
            properties: [
              property({
                pull: {
                  state: 'done',
                  progress: 100,
                  last_pull_at: '2025-03-02T10:00:00.000Z',
                } as never,
              }),
            ],
          }),
        ],
      }),
    });
    renderPanel();

    expect(await screen.findByText(/History 2024-01-01 to 2025-02-28 pulled/)).toBeDefined();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(panel().getByText(/^Last pull/).textContent).toContain('2025');
  });

  test('a property Google gives by the hour only says so, with the reason', async () => {
    fakeReportApi({
      get_connections: result({
        status: 'lite_connected',
        connections: [
          connection({
            properties: [
              property({
                resolution: 'hour',
                hourly_reason: 'Google withholds minutes for this property (data thresholds).',
              }),
            ],
          }),
        ],
      }),
    });
    renderPanel();

    const note = await screen.findByText('Hourly data only:');
    expect(note.parentElement?.textContent).toContain(
      'Google withholds minutes for this property (data thresholds).',
    );
    expect(panel().getByText(/Connected, hourly data only/).textContent).toBe(
      'Status: Connected, hourly data only',
    );
  });

  test.each([
    ['connected', 'Connected'],
    ['lite_connected', 'Connected, hourly data only'],
    ['not_connected', 'Not connected'],
    ['almost_connected', 'Request sent, not finished'],
    ['connected_invalid', 'Access lost'],
    ['with_ua_only', 'Universal Analytics only'],
  ] as const)('status %s reads "%s"', async (status, words) => {
    fakeReportApi({ get_connections: result({ status, connections: [] }) });
    renderPanel();

    expect((await screen.findByText(`${words}`, { exact: true })).textContent).toBe(
      `Status: ${words}`,
    );
  });

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
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.connection_url));
    expect(screen.getByText('Copied.')).toBeDefined();
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

  test('without edit permission the panel only shows', async () => {
    fakeReportApi({
      get_connections: result({
        status: 'connected_invalid',
        can_edit: false,
        connections: [connection({ status: 'invalid', invalid_reason: null })],
        requests: [
          {
            request_id: 'req-1',
            email: '',
            status: 'open',
            created_at: '2025-03-01T15:00:00.000Z',
            expires_at: '2025-03-08T15:00:00.000Z',
          },
        ],
        viewer_properties: [],
      }),
    });
    renderPanel();

    expect(await screen.findByText(CONNECTION_MESSAGES.accessLost)).toBeDefined();
    expect(panel().queryAllByRole('button')).toEqual([]);
    expect(panel().queryByRole('form')).toBeNull();
    expect(panel().getByText(/requesting access needs edit permission/)).toBeDefined();
    expect(panel().getByText(/Link not mailed/)).toBeDefined();
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

  test('shows nothing where the connection routes are not deployed', async () => {
    const calls = fakeReportApi({ fetch_companies: { result: { clients: [], total_clients: 0 } } });
    const { container } = renderPanel();

    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(calls).toEqual([]);
  });
});
