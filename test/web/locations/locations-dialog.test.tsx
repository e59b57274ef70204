// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Location } from '#shared/contracts/locations.schema';
import { hoursSummary } from '../../../web/src/locations/hours';
import { LocationsDialog } from '../../../web/src/locations/locations-dialog';
import { renderAt } from '../auth/render-at';
import { fakeReportApi, type Responder } from '../support/report-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REGIONS = {
  result: [
    { id: '501', name: 'New York, NY', parent: 'NY' },
    { id: '803', name: 'Los Angeles, CA', parent: 'CA' },
  ],
};

const nineToFive = { open: '09:00', close: '17:00' };
const store = (over: Partial<Location> = {}): Location => ({
  uid: 'loc-1',
  store_id: 'NYC-12',
  name: 'NYC-12',
  address: '',
  dma_code: '501',
  timezone: 'America/New_York',
  nickname: null,
  hours: null,
  ...over,
});

/** The dialog over a fake API whose location list is `list` (changed by the answers). */
function show(answers: Record<string, Responder>, list: Location[] = []) {
  const state = { list };
  const calls = fakeReportApi({
    regions: REGIONS,
    fetch_locations: () => ({ result: { client_uid: 'c1', locations: state.list } }),
    ...answers,
  });
  const onClose = vi.fn();
  renderAt(
    '/ss/clients',
    '/ss/clients',
    <LocationsDialog clientUid="c1" clientName="Acme Mattress" open onClose={onClose} />,
  );
  return { calls, onClose, state };
}

describe('the store locations dialog', () => {
  test('a client without locations says so and how to add one', async () => {
    show({});

    await screen.findByText(/No store locations yet/);
    expect(
      screen.getByRole('dialog', { name: 'Store locations: Acme Mattress' }).textContent,
    ).toContain('Until you add one, every store visit in the data counts.');
  });

  test('locations are listed with nickname, store id, market and an hours summary', async () => {
    show({}, [
      store({ nickname: 'Flagship', name: 'Times Square store' }),
      store({
        uid: 'loc-2',
        store_id: 'LA-3',
        name: 'LA-3',
        dma_code: '803',
        hours: {
          mon: nineToFive,
          tue: nineToFive,
          wed: nineToFive,
          thu: nineToFive,
          fri: nineToFive,
          sat: null,
          sun: null,
        },
      }),
    ]);

    const table = await screen.findByRole('table', { name: 'Store locations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Flagship');
    expect(rows[0]?.textContent).toContain('Times Square store');
    expect(rows[0]?.textContent).toContain('New York, NY');
    expect(rows[0]?.textContent).toContain('Open all hours');
    expect(rows[1]?.textContent).toContain('Los Angeles, CA');
    expect(rows[1]?.textContent).toContain('Mon–Fri 09:00–17:00 · Sat–Sun closed');
  });

  test('searching finds a store of the data and Add saves it, then the table shows it', async () => {
    const { calls, state } = show({
      find_location: {
        result: {
          results: [
            { store_id: 'NYC-12', name: 'NYC-12', address: '', dma_code: '501', added: false },
          ],
        },
      },
      save_location: (input) => {
        state.list = [store({ store_id: String(input.store_id) })];
        return { result: { location: state.list[0] } };
      },
    });

    fireEvent.change(await screen.findByLabelText('Find a store'), { target: { value: 'nyc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add store NYC-12' }));

    expect((await screen.findByRole('table', { name: 'Store locations' })).textContent).toContain(
      'NYC-12',
    );
    expect(calls.find((c) => c.name === 'find_location')?.input).toEqual({
      client_uid: 'c1',
      query: 'nyc',
    });
    expect(calls.find((c) => c.name === 'save_location')?.input).toEqual({
      client_uid: 'c1',
      store_id: 'NYC-12',
    });
    const found = within(screen.getByRole('list', { name: 'Matching stores' })).getAllByRole(
      'listitem',
    );
    expect(found.map((li) => li.textContent)).toEqual(['NYC-12 · New York, NYAdded']);
    expect(screen.queryByRole('button', { name: 'Add store NYC-12' })).toBeNull();
  });

  test('an empty search is refused in the form, naming what to type', async () => {
    const { calls } = show({});

    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));

    await screen.findByText('Type a name, address or store id.');
    expect(screen.getByLabelText('Find a store').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.name === 'find_location')).toBe(false);
  });

  test('the nickname is edited in place', async () => {
    const { calls, state } = show(
      {
        save_location_nickname: (input) => {
          state.list = [store({ nickname: String(input.nickname) })];
          return { result: { location: state.list[0] } };
        },
      },
      [store()],
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Edit nickname of NYC-12' }));
    fireEvent.change(screen.getByLabelText('Nickname of NYC-12'), {
      target: { value: 'Flagship' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Store locations' }).textContent).toContain(
        'Flagship',
      ),
    );
    expect(calls.find((c) => c.name === 'save_location_nickname')?.input).toEqual({
      client_uid: 'c1',
      uid: 'loc-1',
      nickname: 'Flagship',
    });
  });

  test('opening hours: weekend closed, an overnight Friday, saved as the contract hours', async () => {
    const { calls, state } = show(
      {
        save_location_hours: (input) => {
          state.list = [store({ hours: input.hours as Location['hours'] })];
          return { result: { location: state.list[0] } };
        },
      },
      [store()],
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Opening hours of NYC-12' }));
    fireEvent.click(screen.getByLabelText(/Open all hours/));
    fireEvent.click(screen.getByRole('checkbox', { name: /on Saturday/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /on Sunday/ }));
    const fridayCloses = screen.getByLabelText('Friday closes at');
    fireEvent.change(fridayCloses, { target: { value: '02:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'save_location_hours')).toBe(true));
    const sent = calls.find((c) => c.name === 'save_location_hours')?.input;
    expect(sent?.hours).toMatchObject({
      mon: nineToFive,
      fri: { open: '09:00', close: '02:00' },
      sat: null,
      sun: null,
    });
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Store locations' }).textContent).toContain(
        'Mon–Thu 09:00–17:00 · Fri 09:00–02:00 (next day) · Sat–Sun closed',
      ),
    );
  });

  test('hours that open and close at the same time are refused on the day, nothing is sent', async () => {
    const { calls } = show({}, [store()]);

    fireEvent.click(await screen.findByRole('button', { name: 'Opening hours of NYC-12' }));
    fireEvent.click(screen.getByLabelText(/Open all hours/));
    const mondayCloses = screen.getByLabelText('Monday closes at');
    fireEvent.change(mondayCloses, { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));

    await waitFor(() => expect(mondayCloses.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(mondayCloses.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/Opening and closing times must differ/);
    expect(calls.some((c) => c.name === 'save_location_hours')).toBe(false);
  });

  test('delete asks first; Keep it keeps the location, Delete location removes it', async () => {
    const { calls, state } = show(
      {
        delete_location: () => {
          state.list = [];
          return { result: { client_uid: 'c1', uid: 'loc-1' } };
        },
      },
      [store()],
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Delete NYC-12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.name === 'delete_location')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete NYC-12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete location' }));

    await screen.findByText(/No store locations yet/);
    expect(screen.queryByRole('table', { name: 'Store locations' })).toBeNull();
  });

  test('a server refusal is shown in the dialog (e.g. the store is already a location)', async () => {
    show({
      find_location: {
        result: {
          results: [{ store_id: 'S-1', name: 'S-1', address: '', dma_code: '', added: false }],
        },
      },
      save_location: {
        status: 409,
        code: 'conflict',
        message: "Store S-1 is already one of this client's locations.",
      },
    });

    fireEvent.change(await screen.findByLabelText('Find a store'), { target: { value: 's' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add store S-1' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      "Store S-1 is already one of this client's locations.",
    );
  });

  test('the hours summary says open all hours without hours', () => {
    expect(hoursSummary(null)).toBe('Open all hours');
  });
});
