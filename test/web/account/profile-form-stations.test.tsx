// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ProfileForm } from '../../../web/src/account/profile-form';
import { fakeApi, ok } from '../auth/fake-api';
import { sessionFixture } from '../billing/billing-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WPVI = {
  id: 'tv:WPVI',
  label: 'WPVI · Philadelphia, PA · Broadcast TV',
  group_header: 'Philadelphia, PA',
  type: 'tv',
};
const KYW = {
  id: 'radio:KYW',
  label: 'KYW 1060 AM · Philadelphia, PA · News/Talk',
  group_header: 'Philadelphia, PA',
  type: 'radio',
};
const page = (stations: unknown[]) => ({
  stations,
  page: 1,
  total: stations.length,
  page_size: 10,
});

describe("a rep's profile", () => {
  test('shows the primary station by its label and changes it to another listed station', async () => {
    const calls = fakeApi(
      {
        global_stations: ok(page([WPVI])),
        stations: ok(page([KYW])),
        regions: ok({ regions: [{ id: '504', name: 'Philadelphia, PA', parent: 'PA' }] }),
        update_profile: ok({}),
      },
      ['global_stations', 'stations', 'regions', 'update_profile'],
    );
    const session = sessionFixture({
      user_type: 'rep',
      markets: ['504'],
      default_station_id: 'tv:WPVI',
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ProfileForm session={session} onSaved={() => undefined} />
      </SWRConfig>,
    );

    expect((await screen.findByTestId('station-chosen')).textContent).toBe(WPVI.label);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.focus(screen.getByRole('combobox', { name: 'Primary station' }));
    fireEvent.click(await screen.findByRole('option', { name: KYW.label }));
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() =>
      expect(calls.find((c) => c.name === 'update_profile')?.body).toEqual({
        default_station_id: 'radio:KYW',
      }),
    );
  });

  test('an advertiser sees no market or station fields', () => {
    fakeApi({}, []);
    render(
      <ProfileForm session={sessionFixture({ user_type: 'self' })} onSaved={() => undefined} />,
    );

    expect(screen.queryByRole('combobox', { name: 'Primary station' })).toBeNull();
  });
});
