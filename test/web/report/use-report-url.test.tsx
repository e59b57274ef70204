// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { type ReportUrlState, useReportUrl } from '../../../web/src/report/use-report-url';

/**
 * The report's URL state with two buttons whose handlers patch twice from one render, as two
 * clicks do when the screen has not re-rendered in between (a slow device): a tab, then a sort.
 */
function Harness({ onSorted }: { onSorted?: (before: ReportUrlState) => void }) {
  const [url, setUrl] = useReportUrl();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="search">{location.search}</output>
      <output aria-label="tab">{url.tab}</output>
      <button
        type="button"
        onClick={() => {
          setUrl({ tab: 'station' });
          const before = setUrl({ sort: { key: 'visitsper', dir: 'asc' } });
          onSorted?.(before);
        }}
      >
        Station, then VPA up
      </button>
      <button type="button" onClick={() => setUrl({ tab: 'creative' })}>
        Creative
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderAt(search: string, onSorted?: (before: ReportUrlState) => void) {
  render(
    <MemoryRouter initialEntries={[`/ss${search}`]}>
      <Harness onSorted={onSorted} />
    </MemoryRouter>,
  );
}

const search = () => screen.getByLabelText('search').textContent ?? '';

afterEach(cleanup);

describe('the report URL', () => {
  test('a sort clicked before the tab click has re-rendered keeps the tab', () => {
    renderAt('?client=c1');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Station, then VPA up' }));
    });

    const params = new URLSearchParams(search());
    expect(params.get('client')).toBe('c1');
    expect(params.get('tab')).toBe('station');
    expect(params.get('sort')).toBe('visitsper.asc');
    expect(screen.getByLabelText('tab').textContent).toBe('station');
  });

  test('the sort is remembered for the tab clicked just before it, not the one still on screen', () => {
    // The workspace saves a sort picked on screen for the tab it applies to (the state returned).
    const applied: ReportUrlState[] = [];
    renderAt('?client=c1', (before) => applied.push(before));

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Station, then VPA up' }));
    });

    expect(applied.map((s) => s.tab)).toEqual(['station']);
  });

  test('after the back button, the next patch builds on the URL shown, not on the one left', () => {
    renderAt('?client=c1');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Station, then VPA up' }));
    });

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    const afterBack = new URLSearchParams(search());
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Creative' }));
    });

    // Each patch pushed its own history entry: one step back undoes the sort, not the tab.
    expect(afterBack.get('tab')).toBe('station');
    expect(afterBack.get('sort')).toBeNull();
    const params = new URLSearchParams(search());
    expect(params.get('tab')).toBe('creative');
    expect(params.get('sort')).toBeNull();
    expect(params.get('client')).toBe('c1');
  });
});
