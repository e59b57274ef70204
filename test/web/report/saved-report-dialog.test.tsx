// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  defaultReportSettings,
  type SavedReportView,
} from '#shared/contracts/report-session.schema';
import {
  offersUpdatedReport,
  SavedReportDialog,
} from '../../../web/src/report/saved-report-dialog';

const view: SavedReportView = {
  saved_report: {
    saved_id: 's1',
    client_uid: 'client-a',
    report_id: 'r-1',
    session_uid: null,
    name: 'March flight',
    comments: 'Before the creative change.',
    settings: defaultReportSettings(),
    params: {
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      window: 8,
      attribution_method: 'sessions',
    },
    created_at: '2024-04-01T12:00:00.000Z',
    created_by_name: 'Alice Ames',
  },
  stale: true,
  stale_reason: 'newer_report',
  latest_report_id: 'r-2',
};

function open() {
  const onLoadUpdated = vi.fn();
  const onLoadLast = vi.fn();
  render(
    <>
      <button type="button">opener</button>
      <SavedReportDialog view={view} onLoadUpdated={onLoadUpdated} onLoadLast={onLoadLast} />
    </>,
  );
  return { onLoadUpdated, onLoadLast };
}

const tick = (seconds: number) =>
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('saved-report dialog (spec §4 "Saved report", §9 20 s)', () => {
  test('counts down from 20 and loads the updated report by itself at 0, once', () => {
    const { onLoadUpdated, onLoadLast } = open();
    expect(screen.getByTestId('countdown').textContent).toBe('20');

    for (let i = 0; i < 19; i += 1) tick(1);
    expect(screen.getByTestId('countdown').textContent).toBe('1');
    expect(onLoadUpdated).not.toHaveBeenCalled();
    tick(1);
    tick(5);

    expect(onLoadUpdated).toHaveBeenCalledTimes(1);
    expect(onLoadLast).not.toHaveBeenCalled();
  });

  test('is a labelled modal dialog with Load Updated Report focused and the reason said', () => {
    open();

    const dialog = screen.getByRole('dialog', { name: 'Saved report: March flight' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Load Updated Report');
    expect(dialog.textContent).toContain('A newer report of this client exists.');
  });

  test('announces the countdown politely at a few points, not every second', () => {
    open();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('The updated report loads in 20 seconds.');

    tick(1);
    expect(live.textContent).toBe('The updated report loads in 20 seconds.');
    for (let i = 0; i < 9; i += 1) tick(1);

    expect(live.textContent).toBe('The updated report loads in 10 seconds.');
  });

  test('Load Last Report stops the countdown and never loads the updated one', () => {
    const { onLoadUpdated, onLoadLast } = open();

    fireEvent.click(screen.getByRole('button', { name: 'Load Last Report' }));
    tick(30);

    expect(onLoadLast).toHaveBeenCalledTimes(1);
    expect(onLoadUpdated).not.toHaveBeenCalled();
  });

  test('Escape means Load Last Report', () => {
    const { onLoadLast } = open();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(onLoadLast).toHaveBeenCalledTimes(1);
  });

  test('Tab and Shift+Tab keep focus inside the dialog', () => {
    open();
    const last = screen.getByRole('button', { name: 'Load Last Report' });
    const updated = screen.getByRole('button', { name: 'Load Updated Report' });
    const dialog = screen.getByRole('dialog');

    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });

    expect(document.activeElement).toBe(updated);
  });

  test.each([
    [{ demo: false, sample_data: false }, true],
    [{ demo: true, sample_data: true }, false],
    [{ demo: false, sample_data: true }, false],
  ])('client %o is offered the updated report: %s', (client, offered) => {
    expect(offersUpdatedReport(client)).toBe(offered);
  });
});
