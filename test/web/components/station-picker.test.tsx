// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { StationPicker } from '../../../web/src/components/station-picker';
import { fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = {
  stations: [
    {
      id: 'tv:WPVI',
      label: 'WPVI · Philadelphia, PA · Broadcast TV',
      group_header: 'Philadelphia, PA',
      type: 'tv',
    },
    {
      id: 'radio:KYW',
      label: 'KYW 1060 AM · Philadelphia, PA · News/Talk',
      group_header: 'Philadelphia, PA',
      type: 'radio',
    },
    {
      id: 'cable:CNNW',
      label: 'CNNW · National · Cable News',
      group_header: 'National',
      type: 'cable',
    },
  ],
  page: 1,
  total: 23,
  page_size: 10,
};

function Harness({ onChange, type }: { onChange: (id: string) => void; type?: 'tv' | 'radio' }) {
  const [value, setValue] = useState('');
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StationPicker
        value={value}
        type={type}
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
    </SWRConfig>
  );
}

describe('the primary station picker', () => {
  test('searches the station list on the server and keeps only a listed station id', async () => {
    const calls = fakeApi({ stations: ok(PAGE), global_stations: ok(PAGE) }, [
      'stations',
      'global_stations',
    ]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);

    const box = screen.getByRole('combobox', { name: 'Primary station' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'wpvi-tv' } });
    const option = await screen.findByRole('option', {
      name: 'WPVI · Philadelphia, PA · Broadcast TV',
    });

    expect(
      within(screen.getByRole('group', { name: 'National' })).queryAllByRole('option'),
    ).not.toEqual([]);
    expect(await screen.findByText('Page 1 of 3 · 23 stations')).toBeTruthy();
    fireEvent.click(option);

    expect(onChange).toHaveBeenCalledWith('tv:WPVI');
    expect(screen.getByTestId('station-chosen').textContent).toBe(
      'WPVI · Philadelphia, PA · Broadcast TV',
    );
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.name === 'stations' && (c.body as { q?: string }).q === 'wpvi-tv'),
      ).toBe(true),
    );
  });

  test('without a loaded station list nothing can be chosen, and the form says so', async () => {
    fakeApi({ stations: ok({ stations: [], page: 1, total: 0, page_size: 10 }) }, ['stations']);
    render(<Harness onChange={() => undefined} />);

    expect(await screen.findByText(/station list is not loaded yet/)).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Primary station' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  test('without a loaded station list a rep who chose a broadcast type is told so too', async () => {
    fakeApi({ stations: ok({ stations: [], page: 1, total: 0, page_size: 10 }) }, ['stations']);
    render(<Harness onChange={() => undefined} type="tv" />);

    expect(await screen.findByText(/station list is not loaded yet/)).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Primary station' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
