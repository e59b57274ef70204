import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { serveStatic } from '../../../lib/local/static-files';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Serves a tiny built site and GETs `path` with the given Host header (fetch cannot set Host),
 * without following redirects. `brand` is the server's fixed brand (the second port).
 */
async function get(path: string, host?: string, brand?: 'ratings') {
  dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  for (const [page, title] of [
    ['index.html', 'site'],
    ['ss.html', 'report app'],
    ['login.html', 'login app'],
    ['ratings.html', 'ratings site'],
  ]) {
    writeFileSync(join(dir, page as string), `<!doctype html><title>${title}</title>`);
  }
  writeFileSync(join(dir, 'assets', 'ratings-abc.js'), 'export {};');
  const server = createServer((req, res) => serveStatic(dir, req, res, brand ? { brand } : {}));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; location?: string; body: string }>((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port, path, agent: false, headers: host ? { host } : {} },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            done({ status: res.statusCode ?? 0, location: res.headers.location, body }),
          );
        },
      );
      req.on('error', fail);
      req.end();
    });
  } finally {
    await new Promise((done) => server.close(done));
  }
}

describe('the ratings site on its own host name, locally (Host header or the second port)', () => {
  test.each([
    '/',
    '/top-ten/501/news_talk',
    '/station/radio:WAAO-FM',
    '/verify-email',
    '/reset-password',
    '/login',
    '/ss',
    '/no-such-page',
  ])('Host ratings.localhost gets the ratings page for %s', async (path) => {
    const res = await get(path, 'ratings.localhost:3000');

    expect(res.status).toBe(200);
    expect(res.body).toContain('ratings site');
  });

  test('a legacy path of the first brand is no redirect on the ratings host (unknown → root)', async () => {
    const res = await get('/contact', 'ratings.localhost:3000');

    expect(res.status).toBe(200);
    expect(res.body).toContain('ratings site');
  });

  test('the second port serves the ratings site whatever the Host header says', async () => {
    const res = await get('/login', '127.0.0.1:3001', 'ratings');

    expect(res.body).toContain('ratings site');
  });

  test('files are still files on the ratings host', async () => {
    const res = await get('/assets/ratings-abc.js', 'ratings.localhost:3000');

    expect(res.body).toBe('export {};');
  });

  test('the first brand is unchanged on its own host', async () => {
    expect((await get('/', '127.0.0.1:3000')).body).toContain('<title>site</title>');
    expect((await get('/login', 'localhost:3000')).body).toContain('login app');
    expect((await get('/contact', '127.0.0.1:3000')).status).toBe(301);
  });
});
