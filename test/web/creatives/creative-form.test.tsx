// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MEDIA_MAX_BYTES } from '#shared/contracts/creatives.schema';
import { resetRoutes } from '../../../web/src/api/client';
import { CreativeForm } from '../../../web/src/creatives/creative-form';

/** The presigned PUT: the test moves its progress and ends it. */
class ManualXhr {
  static last: ManualXhr | null = null;
  upload: {
    onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  status = 200;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  onload?: () => void;
  onerror?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    ManualXhr.last = this;
  }
}

const CREATIVE = {
  creative_id: 'DEMO0230H',
  name: null,
  isci: null,
  length_s: null,
  media: null,
  updated_at: '2026-11-20T15:00:00.000Z',
};
const ASKED = {
  creatives: [CREATIVE],
  uploads: [
    {
      creative_id: 'DEMO0230H',
      upload_url: 'http://media.local/put',
      headers: { 'Content-Type': 'audio/wav' },
      expires_at: '2026-11-20T15:15:00.000Z',
    },
  ],
};
const ACCEPTED = {
  creatives: [
    {
      ...CREATIVE,
      media: { content_type: 'audio/wav', size_bytes: 4, uploaded_at: '2026-11-20T15:01:00.000Z' },
    },
  ],
  uploads: [],
};

/** Answers update_creatives with `answers` in turn (status, envelope); records the bodies sent. */
function stubApi(answers: Array<[number, unknown]>) {
  resetRoutes();
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url === '/ss_rest/routes')
      return json(200, {
        success: true,
        message: 'OK',
        result: { update_creatives: { method: 'POST', path: '/ss_rest/update_creatives' } },
      });
    sent.push(JSON.parse(String(init?.body)));
    const [status, result] = answers.shift() ?? [500, null];
    return json(
      status,
      status === 200
        ? { success: true, message: 'OK', result }
        : { success: false, message: result, error: { code: 'invalid_input', message: result } },
    );
  });
  return sent;
}

function renderForm() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CreativeForm clientUid="client-a" creativeId="DEMO0230H" creative={null} />
    </SWRConfig>,
  );
  return screen.getByLabelText(/Attach media/);
}

const wav = () => new File([new Uint8Array([82, 73, 70, 70])], 'spot.wav', { type: 'audio/wav' });

beforeEach(() => {
  ManualXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', ManualXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('attaching media to a creative', () => {
  test('the progress bar follows the bytes sent, reaches 100% and the file is confirmed', async () => {
    const sent = stubApi([
      [200, ASKED],
      [200, ACCEPTED],
    ]);
    const input = renderForm();

    fireEvent.change(input, { target: { files: [wav()] } });
    await vi.waitFor(() => expect(ManualXhr.last).not.toBeNull());
    const xhr = ManualXhr.last as ManualXhr;
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 }));
    const bar = screen.getByRole('progressbar', { name: 'Upload of DEMO0230H' });
    const at25 = bar.getAttribute('aria-valuenow');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 }));
    const at100 = bar.getAttribute('aria-valuenow');
    await act(async () => xhr.onload?.());

    expect(at25).toBe('25');
    expect(at100).toBe('100');
    expect(await screen.findByText('Uploaded 100%. Media attached.')).toBeTruthy();
    expect([xhr.method, xhr.url, xhr.headers]).toEqual([
      'PUT',
      'http://media.local/put',
      { 'Content-Type': 'audio/wav' },
    ]);
    expect(sent).toEqual([
      {
        client_uid: 'client-a',
        creatives: [
          { creative_id: 'DEMO0230H', media: { content_type: 'audio/wav', size_bytes: 4 } },
        ],
      },
      { client_uid: 'client-a', confirm_media: 'DEMO0230H' },
    ]);
  });

  test("the server's refusal of the content is shown, naming the creative", async () => {
    stubApi([
      [200, ASKED],
      [400, 'Creative "DEMO0230H" was not accepted: the file is not audio or video.'],
    ]);
    const input = renderForm();

    fireEvent.change(input, { target: { files: [wav()] } });
    await vi.waitFor(() => expect(ManualXhr.last).not.toBeNull());
    await act(async () => ManualXhr.last?.onload?.());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Creative "DEMO0230H" was not accepted: the file is not audio or video.',
    );
  });

  test('an upload S3 refuses (expired URL) says the upload failed', async () => {
    stubApi([[200, ASKED]]);
    const input = renderForm();

    fireEvent.change(input, { target: { files: [wav()] } });
    await vi.waitFor(() => expect(ManualXhr.last).not.toBeNull());
    const xhr = ManualXhr.last as ManualXhr;
    xhr.status = 403;
    await act(async () => xhr.onload?.());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The upload failed. Check your connection and try again.',
    );
  });

  test.each([
    ['over 500 MB', 'big.mp4', 'video/mp4', MEDIA_MAX_BYTES + 1, 'big.mp4 is larger than 500 MB.'],
    [
      'an image',
      'photo.mp4',
      'image/png',
      10,
      'photo.mp4 is not an audio or video file. Attach an MP4, MOV, MP3, WAV...',
    ],
  ])('a file %s is refused before anything is sent', async (_what, name, type, size, message) => {
    const sent = stubApi([]);
    const input = renderForm();
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: size });

    fireEvent.change(input, { target: { files: [file] } });

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(sent).toEqual([]);
    expect(ManualXhr.last).toBeNull();
  });
});
