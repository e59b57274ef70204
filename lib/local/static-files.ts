import { createReadStream, existsSync, readdirSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { type BrandId, brandForHost } from '#shared/brands';
import { pageFor, RATINGS_PAGE } from '#shared/site-entries';
import { redirectFor } from '#shared/site-redirects';
import { PROJECT_ROOT } from './handler-loader';

/** Where the React app's build lands (web/vite.config.ts: outDir dist). */
export const WEB_DIST = join(PROJECT_ROOT, 'web', 'dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

/** Content type of a file name; unknown extensions are application/octet-stream. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Serves the built web app the way CloudFront does: legacy paths of the shared redirect table
 * (layers/shared/site-redirects.ts) answer 301 with `location` (query string kept) before any
 * file is looked up, as the CloudFront viewer-request function does; files by path; hashed
 * files under /assets/ cached for a year (immutable); any other GET that names no file and no
 * file extension gets the page of the application that owns the path (layers/shared/
 * site-entries.ts: ss.html, login.html, else index.html), so client-side routes and deep links
 * work; a missing file with an extension is a 404, so a broken asset link is not masked by HTML.
 * A ratings host (`Host: ratings.localhost:<port>`, layers/shared/brands.ts), or a server whose
 * `options.brand` is 'ratings' (the second port, RATINGS_PORT), gets the ratings site's page for
 * every such path and no legacy redirects: its own router sends unknown paths to its root.
 */
export function serveStatic(
  webDir: string,
  req: IncomingMessage,
  res: ServerResponse,
  options: { brand?: BrandId } = {},
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const ratings = (options.brand ?? brandForHost(req.headers.host).id) === 'ratings';
  const pageOf = (path: string) => (ratings ? RATINGS_PAGE : pageFor(path));
  const moved = ratings ? null : redirectFor(`${url.pathname}${url.search}`);
  if (moved !== null) {
    res.writeHead(301, { location: moved, 'content-length': 0 });
    res.end();
    return;
  }
  const root = resolve(webDir);
  const pathname = safeDecode(url.pathname);
  const candidate = pathname === null ? null : resolve(root, `.${normalize(`/${pathname}`)}`);
  const inside = candidate !== null && (candidate === root || candidate.startsWith(root + sep));
  if (inside && isFile(candidate)) {
    send(
      res,
      req,
      candidate,
      pathname?.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    return;
  }
  const index = join(root, 'index.html');
  const page = pathname === null ? null : join(root, pageOf(pathname));
  if (pathname !== null && extname(pathname) === '' && page !== null && isFile(page)) {
    send(res, req, page, 'no-cache');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(isFile(index) ? 'Not Found' : 'The web app is not built: run `npm run build:web`.');
}

function send(res: ServerResponse, req: IncomingMessage, file: string, cacheControl: string) {
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-length': statSync(file).size,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** What the web bundle is built from: a change to any of these makes web/dist stale. */
const WEB_SOURCES = [
  'web/src',
  'web/index.html',
  'web/login.html',
  'web/ss.html',
  'web/connect.html',
  'web/callcentre.html',
  'web/ratings.html',
  'web/public',
  'web/vite.config.ts',
  'layers/shared',
];

/** Newest modification time (ms) of the files under `paths` (folders walked; missing paths skipped). */
export function newestMtimeMs(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * Builds the web app with Vite's JS API when `<webDir>/index.html` is missing (a fresh checkout)
 * or older than its sources (web/src, web/index.html, the Vite config and layers/shared, which
 * the screens import), so `npm start` after a pull never serves yesterday's screens. A failed
 * build is logged, not thrown: the API still runs, pages answer 404 (or the old build).
 */
export async function ensureWebBuilt(
  log: (line: string) => void,
  webDir = WEB_DIST,
): Promise<void> {
  const index = join(webDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = WEB_SOURCES.map((p) => join(PROJECT_ROOT, p));
  if (builtAt > 0 && (webDir !== WEB_DIST || newestMtimeMs(sources) <= builtAt)) return;
  log(
    `building the web app (web/dist is ${builtAt > 0 ? 'older than its sources' : 'missing'})...`,
  );
  try {
    const { build } = await import('vite');
    await build({ configFile: join(PROJECT_ROOT, 'web', 'vite.config.ts'), logLevel: 'warn' });
    log('web app built');
  } catch (error) {
    log(`web build failed, pages will 404 until it builds: ${(error as Error).message}`);
  }
}
