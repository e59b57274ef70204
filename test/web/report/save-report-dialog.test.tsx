// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { defaultReportSettings } from '#shared/contracts/report-session.schema';
import { SaveReportDialog } from '../../../web/src/report/save-report-dialog';
import { fail, ok, type SessionCall, stubSessionApi } from './session-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function savedOf(call: SessionCall) {
  return {
    ...call.input,
    session_uid: null,
    comments: call.input.comments ?? '',
    params: {
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      window: 8,
      attribution_method: 'sessions',
    },
    created_at: '2024-04-01T12:00:00.000Z',
    created_by_name: 'Alice Ames',
  };
}

function open() {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <SaveReportDialog
      clientUid="client-a"
      reportId="r-1"
      settings={{ ...defaultReportSettings(), vpa: 'both' }}
      onSaved={onSaved}
      onClose={onClose}
    />,
  );
  return { onSaved, onClose };
}

describe('Save report dialog (spec §7 save_report)', () => {
  test('needs a name; nothing is sent without one', async () => {
    const calls = stubSessionApi((call) => ok(savedOf(call)));
    open();

    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    expect(await screen.findByText('Enter a name for this report.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('saves name, comments and the settings with one key, kept across a retry', async () => {
    let first = true;
    const calls = stubSessionApi((call) => {
      if (call.name !== 'save_report') return ok({ saved_reports: [] });
      if (first) {
        first = false;
        return fail(500, 'internal', 'boom');
      }
      return ok(savedOf(call));
    });
    const { onSaved } = open();
    fireEvent.change(screen.getByLabelText('Report name'), { target: { value: 'March flight' } });
    fireEvent.change(screen.getByLabelText('Comments'), { target: { value: 'Baseline' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something happened!');
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const saves = calls.filter((c) => c.name === 'save_report');
    expect(saves).toHaveLength(2);
    expect(saves[0]?.input).toMatchObject({
      client_uid: 'client-a',
      report_id: 'r-1',
      name: 'March flight',
      comments: 'Baseline',
      settings: { vpa: 'both' },
    });
    expect(saves[0]?.input.saved_id).toBeTruthy();
    expect(saves[1]?.input.saved_id).toBe(saves[0]?.input.saved_id);
  });

  test('a server message about a field shows on that field', async () => {
    stubSessionApi(() =>
      fail(400, 'invalid_input', 'Report name must be at most 120 characters.', 'name'),
    );
    open();
    fireEvent.change(screen.getByLabelText('Report name'), { target: { value: 'March' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    expect(await screen.findByText('Report name must be at most 120 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Report name').getAttribute('aria-invalid')).toBe('true');
  });

  test('Cancel closes it', () => {
    const { onClose } = open();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
