// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { emptyImportReport, type ImportJob } from '#shared/contracts/postlog.schema';
import { ImportStatus } from '../../../web/src/upload/import-status';
import { UploadPanel } from '../../../web/src/upload/upload-panel';
import { fakeApi, ok } from '../auth/fake-api';

// The tasks panel lives in the shell; what matters here is that it is asked to poll now.
const { refreshTasks } = vi.hoisted(() => ({ refreshTasks: vi.fn(async () => undefined) }));
vi.mock('../../../web/src/shell/use-company-queue', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/shell/use-company-queue')>()),
  refreshTasks,
}));

beforeEach(() => refreshTasks.mockClear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A browser POST that always succeeds (the presigned upload). */
class OkXhr {
  upload: { onprogress?: (e: unknown) => void } = {};
  status = 200;
  onload?: () => void;
  onerror?: () => void;
  open() {}
  setRequestHeader() {}
  send() {
    queueMicrotask(() => this.onload?.());
  }
}

const job = (patch: Partial<ImportJob>): ImportJob => ({
  postlog_id: 'pl1',
  client_uid: 'c1',
  kind: 'visits',
  file_name: 'visits.csv',
  status: 'uploaded',
  headers: [],
  created_at: '2026-01-05T12:00:00Z',
  updated_at: '2026-01-05T12:00:01Z',
  ...patch,
});

function renderPanel() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UploadPanel clientUid="c1" clientName="Acme" onImported={vi.fn()} />
    </SWRConfig>,
  );
}

/** The form titled `title`. */
const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;

function upload(title: string, file: File) {
  const form = card(title);
  fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
  fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
  return form;
}

describe('an upload shows in the tasks panel at once', () => {
  test.each([
    ['Visits for Acme', 'visits.csv'],
    ['Post-log', 'log.csv'],
  ])(
    'the %s upload asks the tasks panel to poll as soon as its import starts',
    async (title, name) => {
      const calls = fakeApi(
        {
          create_upload: ok({
            postlog_id: 'pl1',
            upload_url: 'http://uploads.local/x',
            fields: { key: `uploads/org/pl1/${name}` },
          }),
          get_import: ok(job({ file_name: name })),
          pending_imports: ok({ imports: [] }),
        },
        ['create_upload', 'get_import', 'pending_imports'],
      );
      vi.stubGlobal('XMLHttpRequest', OkXhr);
      renderPanel();

      const form = upload(title, new File(['a,b\n'], name, { type: 'text/csv' }));

      expect(await within(form).findByRole('status')).toBeTruthy();
      await vi.waitFor(() => expect(refreshTasks).toHaveBeenCalledTimes(1));
      expect(calls.map((c) => c.name)).toContain('create_upload');
    },
  );

  test('a refused upload (over its size limit) asks nothing of the tasks panel', async () => {
    fakeApi({ pending_imports: ok({ imports: [] }) }, ['pending_imports']);
    vi.stubGlobal('XMLHttpRequest', OkXhr);
    renderPanel();
    const file = new File(['Station\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 60 * 1024 * 1024 });

    const form = upload('Post-log', file);

    expect(
      await within(form).findByText('A post-log can be at most 50 MB; this file is 60 MB.'),
    ).toBeTruthy();
    expect(refreshTasks).not.toHaveBeenCalled();
  });

  test('importing the clean rows of a reviewed file asks the tasks panel to poll', async () => {
    const review = job({
      kind: 'postlog',
      status: 'review',
      report: { ...emptyImportReport(3), error_count: 1 },
    });
    const calls = fakeApi(
      { get_import: ok(review), confirm_import: ok(job({ kind: 'postlog', status: 'uploaded' })) },
      ['get_import', 'confirm_import'],
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ImportStatus postlogId="pl1" onComplete={vi.fn()} />
      </SWRConfig>,
    );

    fireEvent.click(await screen.findByRole('button', { name: /Import \d+ clean rows?/ }));

    await vi.waitFor(() => expect(calls.map((c) => c.name)).toContain('confirm_import'));
    await vi.waitFor(() => expect(refreshTasks).toHaveBeenCalledTimes(1));
  });

  test('retrying a stopped import asks the tasks panel to poll', async () => {
    const calls = fakeApi(
      {
        get_import: ok(job({ status: 'failed', message: 'The import stopped.', retryable: true })),
        retry_import: ok(job({ status: 'awaiting_upload' })),
      },
      ['get_import', 'retry_import'],
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ImportStatus postlogId="pl1" onComplete={vi.fn()} />
      </SWRConfig>,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    await vi.waitFor(() => expect(calls.map((c) => c.name)).toContain('retry_import'));
    await vi.waitFor(() => expect(refreshTasks).toHaveBeenCalledTimes(1));
  });
});
