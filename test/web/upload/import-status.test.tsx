// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emptyImportReport, type ImportJob } from '#shared/contracts/postlog.schema';
import { STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import { ImportStatus } from '../../../web/src/upload/import-status';
import { fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (patch: Partial<ImportJob>): ImportJob => ({
  postlog_id: 'pl1',
  client_uid: 'c1',
  kind: 'postlog',
  file_name: 'log.csv',
  status: 'failed',
  headers: [],
  created_at: '2026-01-05T12:00:00Z',
  updated_at: '2026-01-05T12:30:00Z',
  ...patch,
});

function renderStatus() {
  const onComplete = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ImportStatus postlogId="pl1" onComplete={onComplete} />
    </SWRConfig>,
  );
  return { onComplete };
}

describe('a failed import on the upload screen', () => {
  test('shows why it stopped and runs it again on Retry, to completion', async () => {
    const answers = {
      get_import: ok(job({ message: STUCK_JOB_MESSAGES.import, retryable: true })),
      retry_import: ok(job({ status: 'awaiting_upload', message: '', retryable: false })),
    };
    const calls = fakeApi(answers, ['get_import', 'retry_import']);
    const { onComplete } = renderStatus();

    expect(await screen.findByText(STUCK_JOB_MESSAGES.import)).toBeTruthy();
    answers.get_import = ok(
      job({ status: 'complete', report: { ...emptyImportReport(2), new_spots: 2 } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Import complete.')).toBeTruthy();
    expect(calls.filter((c) => c.name === 'retry_import')).toEqual([
      { name: 'retry_import', body: { postlog_id: 'pl1' } },
    ]);
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ status: 'complete' }));
  });

  test('a file refused for a limit shows the limit and offers no Retry', async () => {
    const message = 'A post-log can be at most 50 MB; this file is 60 MB.';
    fakeApi({ get_import: ok(job({ message, retryable: false })) }, ['get_import']);

    renderStatus();

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
