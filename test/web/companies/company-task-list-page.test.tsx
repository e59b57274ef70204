// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import {
  CompanyTaskListPage,
  type LocationsDialogComponent,
} from '../../../web/src/companies/company-task-list-page';
import { ShellPanelsProvider, useShellPanels } from '../../../web/src/shell/filter-panel';
import { renderAt } from '../auth/render-at';
import { deferred, fakeReportApi, type Responder } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { breakdown, page, row, rows } from './companies-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
beforeEach(() => stubResizeObserver());

/** The shell's filter panel slot, always shown, so the page's filter form can be used. */
function Slot() {
  const { setFilterSlot } = useShellPanels();
  return <aside aria-label="Filter panel" ref={setFilterSlot} />;
}

function show(
  answers: Record<string, Responder>,
  url = '/ss/clients',
  LocationsDialog?: LocationsDialogComponent,
) {
  const calls = fakeReportApi(answers);
  const view = renderAt(
    url,
    '/ss/clients',
    <ShellPanelsProvider>
      <CompanyTaskListPage LocationsDialog={LocationsDialog} />
      <Slot />
    </ShellPanelsProvider>,
  );
  const listCalls = () => calls.filter((c) => c.name === 'fetch_companies');
  return { calls, listCalls, ...view };
}

const firstTen = page(rows(10), { total_clients: 25 });

describe('the company task list', () => {
  test('shows each column of a client and the range of the page', async () => {
    show({ fetch_companies: { result: firstTen } });
    const table = await screen.findByRole('table', { name: 'Clients' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Client 1' }).getAttribute('href')).toBe(
      '/ss?client=client-1',
    );
    expect(first.textContent).toContain('Onboarding 1 of 3: Post-log done, Visits to do');
    expect(first.textContent).toContain('WABC, WNBC, KTLA +4 more');
    expect(first.textContent).toContain('Automotive');
    expect(first.textContent).toContain('Connected');
    expect(first.textContent).toContain('2 properties');
    expect(within(first).getByRole('list', { name: 'Products' }).textContent).toBe(
      'Advertiser InsightsFoot Traffic',
    );
    expect(
      within(first).getByRole('link', { name: 'View data of Client 1' }).getAttribute('href'),
    ).toBe('/ss?client=client-1');
    expect(screen.getByRole('navigation', { name: 'Pages of clients' }).textContent).toBe(
      '1-10 of 25PrevNext',
    );
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
  });

  test('a header click asks the server for that order and keeps it in the URL', async () => {
    const { listCalls, router } = show({ fetch_companies: { result: firstTen } });
    await screen.findByRole('table', { name: 'Clients' });
    fireEvent.click(screen.getByRole('button', { name: /^Client/ }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toMatchObject({
        filters: { sort_field: 'client_name', sort_desc: false },
        page: 1,
      }),
    );
    expect(router.state.location.search).toContain('sort=client_name.asc');
    fireEvent.click(screen.getByRole('button', { name: /^Client/ }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toMatchObject({
        filters: { sort_field: 'client_name', sort_desc: true },
      }),
    );
    expect(screen.getByRole('columnheader', { name: /^Client/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  test('Next asks for page 2, and back in history returns to page 1', async () => {
    const { listCalls, router } = show({
      fetch_companies: (input) =>
        input.page === 2
          ? { result: page(rows(10, 11), { total_clients: 25, page: 2 }) }
          : { result: firstTen },
    });
    await screen.findByText('1-10 of 25');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('11-20 of 25');
    expect(listCalls().at(-1)?.input).toMatchObject({ page: 2 });
    expect(screen.getByRole('link', { name: 'Client 11' }).getAttribute('href')).toBe(
      '/ss?client=client-11',
    );
    await act(() => router.navigate(-1));
    await screen.findByText('1-10 of 25');
  });

  test('a filter in the URL reaches the server after a reload', async () => {
    const { listCalls } = show(
      { fetch_companies: { result: firstTen } },
      '/ss/clients?f=1&status=connected_invalid&mine=1&fav=only&page=2',
    );
    await screen.findByRole('table', { name: 'Clients' });
    expect(listCalls()[0]?.input).toEqual({
      filters: {
        connected_invalid: true,
        my_companies: true,
        favorites: true,
        sort_field: 'created_date',
        sort_desc: false,
      },
      page: 2,
    });
  });

  test('the star shows at once and stays after the server agrees', async () => {
    const held = deferred<{ result: unknown }>();
    const starred = new Set<string>();
    const { calls } = show({
      fetch_companies: () => ({
        result: page(
          rows(10).map((r) => ({ ...r, is_favorite: starred.has(r.client_uid) })),
          { total_clients: 25 },
        ),
      }),
      save_favorite: async (input) => {
        const answer = await held.promise;
        starred.add(String(input.client_uid));
        return answer;
      },
    });
    const star = await screen.findByRole('button', { name: 'Favourite Client 2' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'save_favorite')?.input).toEqual({
        client_uid: 'client-2',
        added: true,
      }),
    );
    expect(star.getAttribute('aria-pressed')).toBe('true');
    held.resolve({ result: { client_uid: 'client-2', is_favorite: true } });
    await waitFor(() => expect(calls.filter((c) => c.name === 'fetch_companies')).toHaveLength(2));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Favourite Client 2' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  test('a refused star goes back and says why', async () => {
    show({
      fetch_companies: { result: firstTen },
      save_favorite: { status: 404, code: 'not_found', message: 'Client not found.' },
    });
    const star = await screen.findByRole('button', { name: 'Favourite Client 2' });
    fireEvent.click(star);
    await screen.findByText('Client 2 was not starred: Client not found.');
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  test('expanding a row shows its breakdown beside the other clients', async () => {
    const { calls } = show({
      fetch_companies: { result: firstTen },
      fetch_company_breakdowns: (input) => ({ result: breakdown(String(input.client_uid)) }),
    });
    const toggle = await screen.findByRole('button', { name: 'Breakdown of Client 3' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const region = await screen.findByRole('region', { name: 'Breakdown of Client 3' });
    expect(calls.find((c) => c.name === 'fetch_company_breakdowns')?.input).toEqual({
      client_uid: 'client-3',
    });
    expect(region.textContent).toContain('Visits per airing0.28Your clients: 0.20');
    expect(region.textContent).toContain('Lift+12.5%Your clients: +8.0%');
    expect(region.textContent).toContain('Cost per visit$29.39');
    expect(region.textContent).toContain('TV: 1.0k airings');
    expect(region.textContent).toContain('WABC: 600 airings, VPA 0.40');
    const weeks = within(region).getByRole('table', { name: 'Weekly airings of Client 3' });
    expect(within(weeks).getAllByRole('row')[1]?.textContent).toContain('03/04/2024300');
    fireEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Breakdown of Client 3' })).toBeNull();
  });

  test('a client whose access was lost says why and links to its Connections panel', async () => {
    show({
      fetch_companies: {
        result: page([
          row(1, {
            connections: { status: 'connected_invalid', properties: 1 },
            attention: {
              kind: 'connection_invalid',
              message: 'Google no longer gives access to this property.',
              action: 'reconnect',
            },
          }),
        ]),
      },
    });
    await screen.findByText('Google no longer gives access to this property.');
    expect(screen.getByRole('link', { name: 'Reconnect: Client 1' }).getAttribute('href')).toBe(
      '/ss?client=client-1#connections',
    );
  });

  test('no match offers to clear the filters, which shows every client', async () => {
    const { listCalls } = show(
      { fetch_companies: { result: page([], { total_clients: 0 }) } },
      '/ss/clients?f=1&status=connected&tag=vip&sort=client_name.desc',
    );
    await screen.findByRole('heading', { name: 'No clients match these filters' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toEqual({
        filters: { all: true, sort_field: 'client_name', sort_desc: true },
        page: 1,
      }),
    );
  });

  test('a user without clients is offered to create one', async () => {
    show({ fetch_companies: { result: page([], { total_clients: 0 }) } });
    await screen.findByRole('heading', { name: 'No clients yet' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Create client' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    expect((within(dialog).getByLabelText('Client name') as HTMLInputElement).value).toBe('');
  });

  test('a failed list shows the generic message and tries again', async () => {
    let n = 0;
    show({
      fetch_companies: () =>
        ++n === 1
          ? { status: 500, code: 'internal', message: 'stack trace here' }
          : { result: firstTen },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(GENERIC_ERROR_MESSAGE);
    expect(alert.textContent).not.toContain('stack trace');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Clients' });
  });

  test('the search waits a second after typing before it asks the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { listCalls } = show({ fetch_companies: { result: firstTen } });
    await screen.findByRole('table', { name: 'Clients' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), {
      target: { value: 'acme' },
    });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(listCalls().some((c) => JSON.stringify(c.input).includes('acme'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toMatchObject({ filters: { search: 'acme' }, page: 1 }),
    );
  });

  test('filters applied in the panel reach the server; Save as my default keeps them', async () => {
    const { calls, listCalls } = show({
      fetch_companies: { result: firstTen },
      save_filters: (input) => ({ result: { filters: input.filters, user_station_groups: [] } }),
    });
    const panel = await screen.findByRole('form', { name: 'Client filters' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: /^Active/ }));
    fireEvent.click(within(panel).getByRole('radio', { name: 'Only favourites' }));
    const tags = within(panel).getByRole('listbox', { name: 'Tags' }) as HTMLSelectElement;
    within(tags).getByRole<HTMLOptionElement>('option', { name: 'vip' }).selected = true;
    fireEvent.change(tags);
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toMatchObject({
        filters: { active: true, favorites: true, tags: ['vip'], all: true },
      }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Save as my default' }));
    await within(panel).findByText('Saved as your default filters.');
    expect(calls.find((c) => c.name === 'save_filters')?.input).toMatchObject({
      filters: { active: true, favorites: true, tags: ['vip'] },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toEqual({
        filters: {
          all: true,
          connected: true,
          not_connected: true,
          almost_connected: true,
          sort_field: 'created_date',
          sort_desc: false,
        },
        page: 1,
      }),
    );
  });

  test('a header clicked before applied filters have re-rendered sorts the filtered list', async () => {
    // A slow device: the sort is clicked while the applied filters are still on their way.
    const { listCalls, router } = show({ fetch_companies: { result: firstTen } });
    const panel = await screen.findByRole('form', { name: 'Client filters' });
    await screen.findByRole('table', { name: 'Clients' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: /^Active/ }));

    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
      fireEvent.click(screen.getByRole('button', { name: /^Client/ }));
    });

    await waitFor(() =>
      expect(listCalls().at(-1)?.input).toMatchObject({
        filters: { active: true, sort_field: 'client_name', sort_desc: false },
        page: 1,
      }),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('activity')).toContain('active');
    expect(params.get('sort')).toBe('client_name.asc');
  });

  test('the Locations count opens the store locations dialog and the row refreshes after', async () => {
    let n = 0;
    const { listCalls } = show(
      {
        fetch_companies: () => ({
          result: page([row(1, { ft_locations: n++ === 0 ? 0 : 1 })]),
        }),
      },
      '/ss/clients',
      ({ clientUid, clientName, open, onClose }) =>
        open ? (
          <div role="dialog" aria-label={`Stores of ${clientName}`}>
            {clientUid}
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        ) : null,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Store locations of Client 1: 0' }));
    const dialog = screen.getByRole('dialog', { name: 'Stores of Client 1' });
    expect(dialog.textContent).toContain('client-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('button', { name: 'Store locations of Client 1: 1' });
    expect(listCalls()).toHaveLength(2);
  });

  test('without a locations dialog the count is plain text', async () => {
    show({ fetch_companies: { result: page([row(1)]) } });
    await screen.findByRole('table', { name: 'Clients' });
    expect(screen.queryByRole('button', { name: /^Store locations/ })).toBeNull();
  });
});
