// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { fakeReportApi } from '../support/report-api';
import { connection, panel, property, renderPanel, result } from './connections-panel-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  test('keeps polling while a connection just made has no property yet, so its properties appear without a reload', async () => {
    // Prepare: the advertiser's finish is caught between writing the connection and its
    // properties: the request is used, the connection has none, no pull runs yet.
    const made = new Date().toISOString();
    let n = 0;
    fakeReportApi({
      get_connections: () => {
        n += 1;
        return result({
          connections: [connection({ created_at: made, properties: n === 1 ? [] : [property()] })],
          requests: [
            {
              request_id: 'req-1',
              email: '',
              status: 'used',
              created_at: made,
              expires_at: made,
            },
          ],
        });
      },
    });

    // Act
    renderPanel();

    // Assert
    expect(await panel().findByText(/0 properties/)).toBeDefined();
    await waitFor(
      () =>
        expect(
          screen.getByRole('progressbar', { name: 'History of Acme Store pulled' }),
        ).toBeDefined(),
      { timeout: 7000 },
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

  test('shows nothing where the connection routes are not deployed', async () => {
    const calls = fakeReportApi({ fetch_companies: { result: { clients: [], total_clients: 0 } } });
    const { container } = renderPanel();

    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(calls).toEqual([]);
  });
});
