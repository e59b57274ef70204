import { isIP } from 'node:net';
import type { ImageFetcher } from '../print/ports';

/** A logo download gives up after this many milliseconds. */
export const IMAGE_TIMEOUT_MS = 3000;
/** Logos larger than this many bytes are left out. */
export const IMAGE_MAX_BYTES = 1_000_000;

const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

/**
 * True for hosts inside the server's own network: localhost names and loopback, private,
 * link-local (cloud metadata) or unspecified IP literals. A printout must not make the server
 * call these (the Lambda runtime API listens on loopback).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
    return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith('::ffff:')
    );
  return false;
}

/**
 * ImageFetcher over fetch (logos are http(s) only; a dead logo must not hang the print).
 * Only http(s) addresses outside the private network, answered within IMAGE_TIMEOUT_MS
 * with an image type and at most IMAGE_MAX_BYTES, become data: URLs; everything else is null.
 * Redirects are not followed (a redirect could lead inside the network).
 */
export class HttpPdfImageFetcher implements ImageFetcher {
  constructor(
    private readonly fetchFn: typeof fetch = fetch,
    private readonly timeoutMs = IMAGE_TIMEOUT_MS,
  ) {}

  async fetchImage(address: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (isPrivateHost(url.hostname)) return null;
    try {
      const res = await this.fetchFn(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const type =
        (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!res.ok || !IMAGE_TYPES.has(type)) return null;
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > IMAGE_MAX_BYTES) return null;
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength === 0 || bytes.byteLength > IMAGE_MAX_BYTES) return null;
      return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    } catch {
      return null;
    }
  }
}
