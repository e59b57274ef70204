import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { type LocalGateway, startGateway } from '../../../lib/local/gateway';

let dir = '';
const open: LocalGateway[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((g) => g.stop()));
  rmSync(dir, { recursive: true, force: true });
});

function builtSite(): string {
  dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(dir, 'ratings.html'), '<!doctype html><title>ratings site</title>');
  return dir;
}

async function gateway(port: number, brand?: 'ratings') {
  const g = await startGateway({
    port,
    webDir: builtSite(),
    authorize: async () => 'unauthorized',
    log: () => {},
    routes: [],
    fallbackPort: true,
    ...(brand ? { brand } : {}),
  });
  g.open();
  open.push(g);
  return g;
}

describe('the ratings site on its own local port (RATINGS_PORT)', () => {
  test('a gateway of the ratings brand serves the ratings page at 127.0.0.1', async () => {
    const g = await gateway(0, 'ratings');

    const body = await (await fetch(`${g.url}/`)).text();

    expect(body).toContain('ratings site');
  });

  test('a taken port falls back to a free one instead of failing the start', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const g = await gateway(taken, 'ratings');

      expect(g.port).not.toBe(taken);
      expect(await (await fetch(`${g.url}/top-ten/602`)).text()).toContain('ratings site');
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });
});
