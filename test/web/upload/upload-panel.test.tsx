// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emptyImportReport } from '#shared/contracts/postlog.schema';
import { UploadPanel } from '../../../web/src/upload/upload-panel';
import { fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FOOT_TRAFFIC = 'Foot traffic (store visits per location)';

/** A browser POST that always succeeds (the presigned upload). */
class OkXhr {
  static sent: { url: string; body: unknown }[] = [];
  upload: { onprogress?: (e: unknown) => void } = {};
  status = 200;
  onload?: () => void;
  onerror?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    OkXhr.sent.push({ url: this.url, body });
    queueMicrotask(() => this.onload?.());
  }
}

function renderPanel(props: { clientUid?: string; clientName?: string; readOnly?: boolean }) {
  const onImported = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <UploadPanel
        clientUid={props.clientUid}
        clientName={props.clientName}
        readOnly={props.readOnly}
        onImported={onImported}
      />
    </SWRConfig>,
  );
  return { onImported };
}

/** The form (or card) titled `title`. */
const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;

describe('upload panel: foot traffic', () => {
  test('offers a foot-traffic upload showing the header it expects', () => {
    renderPanel({ clientUid: 'c1', clientName: 'Acme' });

    const form = card(FOOT_TRAFFIC);
    expect(form.textContent).toContain('hour_utc,location_id,dma_code,visits');
    expect(form.textContent).toContain('Store visits per location for Acme');
  });

  test('asks for a client first, like visits', () => {
    renderPanel({});

    const form = card(FOOT_TRAFFIC);
    expect(within(form).getByText('Choose a client first.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  test('uploads the file as foot traffic of the selected client and follows the import', async () => {
    const job = {
      postlog_id: 'pl1',
      client_uid: 'c1',
      kind: 'foot_traffic',
      file_name: 'stores.csv',
      status: 'complete',
      headers: ['hour_utc', 'location_id', 'dma_code', 'visits'],
      report: {
        ...emptyImportReport(3),
        new_spots: 3,
        note: '3 hour rows for 2 locations over 2 UTC days.',
      },
      created_at: '2026-01-05T12:00:00Z',
      updated_at: '2026-01-05T12:00:01Z',
    };
    const calls = fakeApi(
      {
        create_upload: ok({
          postlog_id: 'pl1',
          upload_url: 'http://uploads.local/x',
          fields: { key: 'uploads/org/pl1/stores.csv', Policy: 'p' },
        }),
        get_import: ok(job),
      },
      ['create_upload', 'get_import'],
    );
    OkXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', OkXhr);
    const { onImported } = renderPanel({ clientUid: 'c1', clientName: 'Acme' });
    const form = card(FOOT_TRAFFIC);
    const file = new File(['hour_utc,location_id,dma_code,visits\n'], 'stores.csv', {
      type: 'text/csv',
    });

    fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    expect(await within(form).findByText('Import complete.')).toBeTruthy();
    expect(calls.find((c) => c.name === 'create_upload')?.body).toEqual({
      kind: 'foot_traffic',
      file_name: 'stores.csv',
      content_type: 'text/csv',
      size_bytes: file.size,
      client_uid: 'c1',
    });
    expect(OkXhr.sent).toHaveLength(1);
    const sent = OkXhr.sent[0]!;
    expect(sent.url).toBe('http://uploads.local/x');
    expect([...(sent.body as FormData).keys()]).toEqual(['key', 'Policy', 'file']);
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(form).getByText('3 hour rows for 2 locations over 2 UTC days.')).toBeTruthy();
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ kind: 'foot_traffic' }));
  });

  test('a file over its size limit is refused before anything is sent, naming the limit', async () => {
    const calls = fakeApi({}, []);
    OkXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', OkXhr);
    renderPanel({ clientUid: 'c1', clientName: 'Acme' });
    const form = card('Post-log');
    const file = new File(['Station\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 60 * 1024 * 1024 });

    fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    expect(
      await within(form).findByText('A post-log can be at most 50 MB; this file is 60 MB.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    expect(OkXhr.sent).toEqual([]);
  });

  test('a read-only sample client offers no foot-traffic upload', () => {
    renderPanel({ clientUid: 'demo', clientName: 'Demo Coffee', readOnly: true });

    const form = card(FOOT_TRAFFIC);
    expect(within(form).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(form.textContent).toContain('Demo Coffee is a read-only sample');
  });
});
