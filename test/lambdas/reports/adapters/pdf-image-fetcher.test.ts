import { describe, expect, test } from 'vitest';
import {
  HttpPdfImageFetcher,
  IMAGE_MAX_BYTES,
  isPrivateHost,
} from '../../../../lambdas/reports/adapters/pdf-image-fetcher';

/** A fetch stand-in answering one response and recording the addresses asked. */
function fakeFetch(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const asked: string[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    asked.push(String(input));
    return answer(String(input), init);
  }) as typeof fetch;
  return { fn, asked };
}

const png = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });

describe('logo fetching for printouts', () => {
  test('inlines an http(s) image as a data: URL', async () => {
    const { fn } = fakeFetch(async () => png());

    const src = await new HttpPdfImageFetcher(fn).fetchImage('https://cdn.example.com/logo.png');

    expect(src).toBe('data:image/png;base64,iVBORw==');
  });

  test.each([
    'file:///etc/passwd',
    'ftp://example.com/logo.png',
    'http://127.0.0.1:9001/2018-06-01/runtime/invocation/next',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost/logo.png',
    'http://[::1]/logo.png',
    'not a url',
  ])('never requests %s', async (address) => {
    const { fn, asked } = fakeFetch(async () => png());

    const src = await new HttpPdfImageFetcher(fn).fetchImage(address);

    expect(src).toBeNull();
    expect(asked).toEqual([]);
  });

  test('leaves out answers that are not images, failed or too big', async () => {
    const html = fakeFetch(
      async () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    );
    const missing = fakeFetch(
      async () => new Response('', { status: 404, headers: { 'content-type': 'image/png' } }),
    );
    const big = fakeFetch(
      async () =>
        new Response(new Uint8Array(IMAGE_MAX_BYTES + 1), {
          headers: { 'content-type': 'image/png' },
        }),
    );
    const url = 'https://cdn.example.com/logo.png';

    expect(await new HttpPdfImageFetcher(html.fn).fetchImage(url)).toBeNull();
    expect(await new HttpPdfImageFetcher(missing.fn).fetchImage(url)).toBeNull();
    expect(await new HttpPdfImageFetcher(big.fn).fetchImage(url)).toBeNull();
  });

  test('gives up on an address that never answers', async () => {
    const { fn } = fakeFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );

    const src = await new HttpPdfImageFetcher(fn, 5).fetchImage('https://dead.example.com/x.png');

    expect(src).toBeNull();
  });

  test.each([
    ['10.0.0.5', true],
    ['172.20.1.1', true],
    ['192.168.1.1', true],
    ['cdn.example.com', false],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
  ])('isPrivateHost(%s) = %s', (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });
});
