// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import { defaultSort, type SortState } from '../../../web/src/lib/sort';
import { BroadcastTable, VIRTUALIZE_FROM } from '../../../web/src/report/broadcast-table';
import { broadcastRow } from '../../support/broadcast-row';

const row = broadcastRow;

function Harness({ rows, dimension }: { rows: BroadcastRow[]; dimension: string }) {
  const [sort, setSort] = useState<SortState>(defaultSort(dimension));
  return <BroadcastTable dimension={dimension} rows={rows} sort={sort} onSortChange={setSort} />;
}

/** The first cell of every body row. */
function firstColumn(): string[] {
  const body = screen.getAllByRole('rowgroup')[1]!;
  return within(body)
    .getAllByRole('row')
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent ?? '');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stations = [
  row('WAAA', 10, 30),
  row('WBBB', 10, 80),
  row('WCCC', 20, -5, { directional: true }),
];

describe('broadcast table', () => {
  test('opens sorted by VPA descending and flips when the VPA header is clicked', () => {
    render(<Harness rows={stations} dimension="station" />);
    const vpa = screen.getByRole('columnheader', { name: /VPA/ });
    expect(vpa.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['WBBB', 'WAAA', 'WCCCdirectional']);

    fireEvent.click(within(vpa).getByRole('button'));

    expect(vpa.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['WCCCdirectional', 'WAAA', 'WBBB']);
  });

  test('calendar tabs keep their natural order until a header is clicked', () => {
    const days = [row('Monday', 10, 10), row('Tuesday', 10, 50), row('Wednesday', 10, 20)];
    render(<Harness rows={days} dimension="day_of_week" />);
    expect(firstColumn()).toEqual(['Monday', 'Tuesday', 'Wednesday']);
    expect(screen.getByRole('columnheader', { name: /^Day/ }).getAttribute('aria-sort')).toBe(
      'none',
    );
  });

  test('negative visits show 0 with the raw value on hover', () => {
    render(<Harness rows={stations} dimension="station" />);
    const raw = screen.getByTitle('Raw value: -5.00');
    expect(raw.textContent).toBe('0');
  });

  test('share columns appear only when a row has a volume share', () => {
    const { unmount } = render(<Harness rows={stations} dimension="station" />);
    expect(screen.queryByRole('columnheader', { name: /Share of Ads/ })).toBeNull();
    unmount();

    render(
      <Harness
        rows={[row('WAAA', 10, 30, { volume_share: 0.7, traffic_share: 0.2 })]}
        dimension="station"
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Share of VPA/ })).toBeTruthy();
    expect(screen.getByText('>60%')).toBeTruthy();
    expect(screen.getByText('20.0%')).toBeTruthy();
  });

  test('halo dayparts carry a labelled halo icon', () => {
    render(
      <Harness
        rows={[row('Morning drive', 10, 40, { halo: true }), row('Daytime', 10, 20)]}
        dimension="daypart"
      />,
    );
    expect(screen.getAllByRole('img', { name: /Halo daypart/ })).toHaveLength(2);
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toContain('Daypart');
  });
});

/** Re-renders on click, passing equal but new rows and sort objects every time. */
function Parent() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        renders {renders}
      </button>
      <BroadcastTable
        dimension="station"
        rows={[...stations]}
        sort={{ key: 'visitsper', dir: 'desc' }}
        onSortChange={() => {}}
      />
    </>
  );
}

test('re-rendering with new but equal rows and sort settles instead of looping', async () => {
  render(<Parent />);

  for (let i = 0; i < 3; i++) {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /renders/ }));
    });
  }

  expect(screen.getByRole('button', { name: 'renders 3' })).toBeTruthy();
  expect(firstColumn()).toEqual(['WBBB', 'WAAA', 'WCCCdirectional']);
});

describe('drill-down from a row', () => {
  test('the label is a "Filter by" button, so keyboard users can drill too', () => {
    const drilled: string[] = [];
    render(
      <BroadcastTable
        dimension="station"
        rows={stations}
        sort={null}
        onSortChange={() => {}}
        onDrill={(r) => drilled.push(r.key)}
      />,
    );

    const button = screen.getByRole('button', { name: 'Filter the report by station WBBB' });
    expect(button.getAttribute('title')).toBe('Filter by WBBB');
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);

    // One drill: the button's click does not also fire the row's.
    expect(drilled).toEqual(['WBBB']);
  });

  test('clicking anywhere on a row drills; a row already filtered is plain text', () => {
    const drilled: string[] = [];
    render(
      <BroadcastTable
        dimension="station"
        rows={stations}
        sort={{ key: 'visitsper', dir: 'desc' }}
        onSortChange={() => {}}
        onDrill={(r) => drilled.push(r.key)}
        canDrill={(r) => r.key !== 'WAAA'}
      />,
    );

    fireEvent.click(screen.getAllByRole('row')[2]!);
    fireEvent.click(screen.getAllByRole('row')[1]!);

    expect(screen.queryByRole('button', { name: /Filter the report by station WAAA/ })).toBeNull();
    expect(drilled).toEqual(['WBBB']);
  });
});

describe('long tables', () => {
  test('10,000 rows: only a window of rows is in the DOM, the table still says how many there are', () => {
    // jsdom has no layout: give the scroll box a 560 px viewport.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const rows = Array.from({ length: 10_000 }, (_, i) => row(`S${i + 1}`, 10, 10_000 - i));

    render(<Harness rows={rows} dimension="station" />);

    const table = screen.getByRole('table');
    const bodyRows = within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    expect(bodyRows.length).toBeGreaterThan(5);
    expect(bodyRows.length).toBeLessThan(60);
    expect(firstColumn()[0]).toBe('S1');
    expect(bodyRows[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.getByRole('region', { name: 'Station rows' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('10,000 rows')).toBeTruthy();
  });

  test(`tables up to ${VIRTUALIZE_FROM} rows render every row`, () => {
    const rows = Array.from({ length: VIRTUALIZE_FROM }, (_, i) => row(`S${i + 1}`, 10, 100 - i));

    render(<Harness rows={rows} dimension="station" />);

    expect(within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')).toHaveLength(
      VIRTUALIZE_FROM,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
