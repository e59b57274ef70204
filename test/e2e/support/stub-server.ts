import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { routeTable } from '#shared/routes';
import { pageFor } from '#shared/site-entries';
import { importJob } from './fixture-import';
import { fixtureReport } from './fixture-report';

/**
 * A DEVELOPMENT-ONLY stand-in for the local stack: serves web/dist and answers the report
 * screen's routes from hand-made fixtures, so the UI can be built and screenshot before
 * bin/start.ts exists. Never used by the real e2e (playwright.config.ts starts bin/start.ts).
 * Run: `npx tsx test/e2e/support/stub-server.ts` (env PORT, default random); prints the URL.
 */

const DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** The stub's mutable state: companies, reports per client, runs and import jobs. */
function initialState() {
  return {
    reports: new Map([['demo-coffee', fixtureReport()]]),
    runs: new Map<string, { clientUid: string; reportId: string; polls: number }>(),
    jobs: new Map<string, { job: ImportJob; polls: number }>(),
    clients: [
      { client_uid: 'demo-coffee', name: 'Demo Coffee Co.', sample_data: true, demo: true },
      { client_uid: 'acme-mattress', name: 'Acme Mattress', sample_data: false, demo: false },
    ],
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, result: unknown) =>
  send(res, 200, { success: true, message: 'OK', result });

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Starts the stub on `port` (0 = random). */
export async function startStubServer(port = 0) {
  const state = initialState();
  let seq = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const q = Object.fromEntries(url.searchParams);
    const name = url.pathname.startsWith('/ss_rest/') ? url.pathname.slice(9) : null;
    if (req.method === 'POST' && url.pathname.startsWith('/__stub_upload/')) {
      await readBody(req);
      res.writeHead(200).end();
      return;
    }
    const body = req.method === 'POST' ? await readBody(req) : {};
    switch (name) {
      case 'routes':
        return ok(res, routeTable());
      case 'fetch_companies':
        return ok(res, {
          clients: state.clients.map((c) => ({
            ...c,
            airings: 358,
            first_airing_utc: '2024-03-04T11:00:00.000Z',
            last_airing_utc: '2024-04-07T23:30:00.000Z',
            latest_report_id: state.reports.get(c.client_uid)?.report_id ?? null,
          })),
        });
      case 'get_report': {
        const report = state.reports.get(q.client_uid ?? '');
        if (!report) {
          return send(res, 404, {
            success: false,
            message: 'Report not found.',
            error: { code: 'not_found', message: 'Report not found.' },
          });
        }
        return ok(res, report);
      }
      case 'perform_report': {
        const clientUid = String(body.client_uid);
        const run = { clientUid, reportId: `rep_${++seq}`, polls: 0 };
        state.runs.set(`ses_${seq}`, run);
        return ok(res, { report_id: run.reportId, session_uid: `ses_${seq}` });
      }
      case 'queue_monitor': {
        const run = state.runs.get(q.session_uid ?? '');
        if (!run) return ok(res, { queues: [] });
        run.polls += 1;
        const progress = Math.min(100, run.polls * 25);
        if (progress === 100 && state.reports.get(run.clientUid)?.report_id !== run.reportId) {
          const client = state.clients.find((c) => c.client_uid === run.clientUid);
          const report = fixtureReport({
            report_id: run.reportId,
            client_uid: run.clientUid,
            advertiser: client?.name ?? run.clientUid,
            sample_data: client?.sample_data ?? false,
          });
          state.reports.set(run.clientUid, report);
        }
        const complete = progress === 100;
        const status = complete ? 'complete' : 'running';
        return ok(res, {
          queues: [
            { report_type: 'broadcast', report_id: run.reportId, progress, complete, status },
          ],
        });
      }
      case 'create_upload': {
        const id = `pl_${++seq}`;
        const kind = body.kind === 'visits' || body.kind === 'foot_traffic' ? body.kind : 'postlog';
        state.jobs.set(id, {
          job: importJob(id, kind, String(body.file_name), 'uploaded'),
          polls: 0,
        });
        return ok(res, { postlog_id: id, upload_url: `/__stub_upload/${id}`, fields: { key: id } });
      }
      case 'get_import': {
        const entry = state.jobs.get(q.postlog_id ?? '');
        if (!entry)
          return send(res, 404, {
            success: false,
            message: 'Import not found.',
            error: { code: 'not_found', message: 'Import not found.' },
          });
        entry.polls += 1;
        if (entry.polls > 1 && entry.job.status === 'uploaded') {
          const next = entry.job.kind === 'postlog' ? 'review' : 'complete';
          entry.job = importJob(entry.job.postlog_id, entry.job.kind, entry.job.file_name, next);
        }
        return ok(res, entry.job);
      }
      case 'confirm_import': {
        const entry = state.jobs.get(String(body.postlog_id));
        if (!entry)
          return send(res, 409, {
            success: false,
            message: 'Nothing to confirm.',
            error: { code: 'conflict', message: 'Nothing to confirm.' },
          });
        entry.job = importJob(
          entry.job.postlog_id,
          entry.job.kind,
          entry.job.file_name,
          'complete',
        );
        return ok(res, entry.job);
      }
      case null:
        return serveStatic(url.pathname, res);
      default:
        return send(res, 404, {
          success: false,
          message: 'Not found.',
          error: { code: 'not_found', message: 'Not found.' },
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Serves a file from web/dist; other paths get their application's page (site-entries.ts). */
async function serveStatic(pathname: string, res: ServerResponse) {
  const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const file = join(DIST, safe === '/' ? 'index.html' : safe);
  const target = file.startsWith(DIST) && extname(file) ? file : join(DIST, pageFor(safe));
  try {
    const content = await readFile(target);
    res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
    res.end(content);
  } catch {
    const index = await readFile(join(DIST, 'index.html')).catch(() => null);
    if (!index) return send(res, 500, { success: false, message: 'Run npm run build:web first.' });
    res.writeHead(200, { 'content-type': TYPES['.html']! }).end(index);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await startStubServer(Number(process.env.PORT ?? 0));
  console.log(`stub API ready at ${url}`);
}
