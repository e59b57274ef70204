import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  DEFAULT_CHROMIUM_PATH,
  LOCAL_CHROMIUM_ARGS,
} from '../../lambdas/reports/adapters/local-pdf-renderer';
import { PROJECT_ROOT } from '../../lib/local/handler-loader';
import { serveStatic } from '../../lib/local/static-files';

/** Budget for the JavaScript the home page loads before any navigation, gzipped. */
export const HOME_JS_BUDGET_KB = 120;

/** Budget for the home page's largest contentful paint on localhost, milliseconds. */
export const HOME_LCP_BUDGET_MS = 1000;

/**
 * The home page's largest contentful paint (ms), the median of `runs` cold loads in headless
 * Chromium from a local static server over `webDir` (no cache between loads: a new context each).
 */
async function homeLcpMs(webDir: string, runs = 5): Promise<number> {
  const server = createServer((req, res) => serveStatic(webDir, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH,
    args: LOCAL_CHROMIUM_ARGS,
  });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
      times.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]?.startTime ?? -1);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(-1), 3000);
            }),
        ),
      );
      await context.close();
    }
    return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? -1;
  } finally {
    await browser.close();
    server.close();
  }
}

/** One entry of Vite's build manifest (the fields this bench reads). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The files a page loads at start: the entry chunk and, transitively, its static imports (never
 * the dynamic imports: those load on navigation). Keys are manifest keys.
 */
export function startupFiles(manifest: Record<string, ManifestChunk>, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  return [...seen].map((k) => manifest[k]?.file).filter((f): f is string => f !== undefined);
}

/**
 * The public-site budget (hosting and speed): builds the web app into a temporary
 * folder with a manifest and prints the gzipped size of the JavaScript the home page loads at
 * start against HOME_JS_BUDGET_KB, the home page's largest contentful paint in headless Chromium
 * against HOME_LCP_BUDGET_MS, and what the report app adds when /ss opens.
 */
export async function runSiteBench(log: (line: string) => void): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'analyticowl-site-bench-'));
  try {
    const { build } = await import('vite');
    await build({
      configFile: join(PROJECT_ROOT, 'web', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(
      readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const gz = (files: readonly string[]) =>
      files
        .filter((f) => f.endsWith('.js'))
        .reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, f))).byteLength, 0) / 1024;
    const home = startupFiles(manifest, 'index.html');
    const homeKb = gz(home);
    const verdict = homeKb <= HOME_JS_BUDGET_KB ? 'OK' : 'OVER';
    log(
      `home page JavaScript at start      ${homeKb.toFixed(1)} KB gzipped in ${home.length} files   (budget ${HOME_JS_BUDGET_KB} KB)  ${verdict}`,
    );
    const lcp = await homeLcpMs(outDir);
    log(
      `home page largest contentful paint ${Math.round(lcp)} ms (median of 5 cold loads, localhost)   (budget ${HOME_LCP_BUDGET_MS} ms)  ${lcp >= 0 && lcp <= HOME_LCP_BUDGET_MS ? 'OK' : 'OVER'}`,
    );
    // The other entry pages (layers/shared/site-entries.ts), for the record: no budget.
    for (const [page, name] of [
      ['login.html', 'login app (/login) at start'],
      ['ss.html', 'report app (/ss) at start'],
      ['connect.html', 'instructions page (/all-connect)'],
      ['callcentre.html', 'call-centre app (/call-centre)'],
      ['ratings.html', 'ratings site (a ratings host)'],
    ] as const) {
      if (manifest[page])
        log(`${name.padEnd(35)}${gz(startupFiles(manifest, page)).toFixed(1)} KB gzipped`);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
