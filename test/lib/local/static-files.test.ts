import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { SITE_REDIRECTS } from '#shared/site-redirects';
import { newestMtimeMs, serveStatic } from '../../../lib/local/static-files';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `path` under dir with its modification time at `seconds` (epoch). */
function file(path: string, seconds: number) {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, seconds, seconds);
}

describe('newestMtimeMs (is web/dist older than the screens it was built from?)', () => {
  test('finds the newest file in nested folders and plain files, skipping missing paths', () => {
    dir = mkdtempSync(join(tmpdir(), 'mtime-'));
    file('src/a.tsx', 1_000);
    file('src/report/deep/b.tsx', 3_000);
    file('index.html', 2_000);

    expect(newestMtimeMs([join(dir, 'src'), join(dir, 'index.html'), join(dir, 'nope')])).toBe(
      3_000_000,
    );
    expect(newestMtimeMs([join(dir, 'index.html')])).toBe(2_000_000);
    expect(newestMtimeMs([join(dir, 'nope')])).toBe(0);
  });
});

describe('serveStatic legacy redirects (locally the same table as CloudFront)', () => {
  /** Serves a tiny built site from dir and fetches `path` without following redirects. */
  async function get(path: string, method = 'GET') {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>site</title>');
    writeFileSync(join(dir, 'ss.html'), '<!doctype html><title>report app</title>');
    writeFileSync(join(dir, 'login.html'), '<!doctype html><title>login app</title>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export {};');
    const server = createServer((req, res) => serveStatic(dir, req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: 'manual' });
      return { status: res.status, headers: res.headers, body: await res.text() };
    } finally {
      await new Promise((done) => server.close(done));
    }
  }

  test.each(Object.entries(SITE_REDIRECTS))('%s answers 301 to %s', async (from, to) => {
    const res = await get(from);

    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  test('keeps the query string on the redirect, also for HEAD', async () => {
    const res = await get('/sign-up?plan=pro&utm_source=ad', 'HEAD');

    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/contact-us?plan=pro&utm_source=ad');
  });

  test('other paths are served as before: SPA routes get index.html, assets are immutable', async () => {
    const page = await get('/contact-us');
    const asset = await get('/assets/index-abc.js');

    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>site</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test.each([
    ['/ss', 'report app'],
    ['/ss/account', 'report app'],
    ['/login', 'login app'],
    ['/verify-email', 'login app'],
    ['/plans', 'site'],
    ['/no-such-page', 'site'],
  ])('%s is answered by the page of its application (%s)', async (path, title) => {
    const res = await get(path);

    expect(res.status).toBe(200);
    expect(res.body).toContain(`<title>${title}</title>`);
  });
});
