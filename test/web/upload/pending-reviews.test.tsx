// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emptyImportReport, type ImportJob } from '#shared/contracts/postlog.schema';
import { UploadPanel } from '../../../web/src/upload/upload-panel';
import { fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUTES = ['pending_imports', 'get_import', 'confirm_import'];

/** A dropped post-log with one row error, waiting in review. */
const inReview: ImportJob = {
  postlog_id: 'p-drop',
  client_uid: 'c1',
  kind: 'postlog',
  file_name: 'wxyz-week.csv',
  status: 'review',
  headers: ['station', 'date'],
  report: {
    ...emptyImportReport(3),
    errors: [{ row: 2, field: 'date', message: 'Row 2: the date is missing.' }],
    error_count: 1,
  },
  created_at: '2026-01-05T12:00:00.000Z',
  updated_at: '2026-01-05T12:00:01.000Z',
};

function renderPanel() {
  const onImported = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UploadPanel clientUid="c1" clientName="Acme" onImported={onImported} />
    </SWRConfig>,
  );
  return { onImported };
}

describe('imports waiting for review in the upload panel', () => {
  test('a dropped file with errors is listed and opens the same review as an upload', async () => {
    const answers = {
      pending_imports: ok({ imports: [inReview] }),
      get_import: ok(inReview),
      confirm_import: ok({
        ...inReview,
        status: 'complete',
        report: { ...emptyImportReport(3), new_spots: 2 },
      }),
    };
    const calls = fakeApi(answers, ROUTES);
    const { onImported } = renderPanel();

    const pending = within(
      (await screen.findByRole('heading', { name: 'Waiting for your review (Acme)' }))
        .parentElement as HTMLElement,
    );
    expect(pending.getByText('wxyz-week.csv')).toBeTruthy();
    fireEvent.click(pending.getByRole('button', { name: 'Review wxyz-week.csv' }));
    expect(await pending.findByText(/the date is missing/)).toBeTruthy();
    answers.pending_imports = ok({ imports: [] });
    fireEvent.click(pending.getByRole('button', { name: /Import 2 clean rows/ }));

    await vi.waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(calls.filter((c) => c.name === 'confirm_import').map((c) => c.body)).toEqual([
      { postlog_id: 'p-drop' },
    ]);
    expect(calls.find((c) => c.name === 'pending_imports')?.body).toEqual({ client_uid: 'c1' });
  });

  test('nothing shows when no file waits', async () => {
    const calls = fakeApi({ pending_imports: ok({ imports: [] }) }, ROUTES);
    renderPanel();

    await vi.waitFor(() => expect(calls.some((c) => c.name === 'pending_imports')).toBe(true));
    expect(screen.queryByRole('heading', { name: /Waiting for your review/ })).toBeNull();
  });
});
