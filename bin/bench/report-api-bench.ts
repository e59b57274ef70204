import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import type { ReportView } from '#shared/contracts/report.schema';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { ROUTES } from '#shared/routes';
import { ENV } from '#shared/workers';
import { simulateVisits } from '../../lambdas/attribution/simulator/simulate-visits';
import { readPostlogFile } from '../../lambdas/imports/core/read-postlog-file';
import { visitsDir } from '../../lambdas/reports/adapters/duckdb-lake-files';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { startLocalStack } from '../../lib/local/local-stack';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeVisitsLake } from './visits-lake';

const DAY = 86_400;
const HISTORY_WEEKS = 8;
/** Concurrent connections and requests per route (issue #4 "Quality": 20 concurrent local requests). */
const CONNECTIONS = 20;
const REQUESTS = 400;
/** Requests per route fired (same load) before the measured ones: warm caches and JIT. */
const WARMUP_REQUESTS = 40;
/** Budget for the report API's p95 under that load, milliseconds (the whole-report read). */
export const REPORT_API_P95_BUDGET_MS = 150;
/** Budget for a drill-down's p95 under that load, milliseconds. */
export const DRILLDOWN_P95_BUDGET_MS = 200;

/** The nearest-rank percentile `p` (0..1) of `values` (milliseconds). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  ] as number;
}

/**
 * The size of one answer in bytes: as sent (the gateway sends no content-encoding) and gzipped
 * (what a compressing proxy would send a phone).
 */
async function answerBytes(opts: {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: unknown;
}): Promise<{ raw: number; gzip: number }> {
  const res = await fetch(opts.url, {
    method: opts.method,
    headers: {
      authorization: `Bearer ${opts.token}`,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Fires `amount` requests over CONNECTIONS connections; latencies of 2xx answers in ms. */
async function load(opts: {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: unknown;
  amount?: number;
}): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
        connections: CONNECTIONS,
        amount: opts.amount ?? REQUESTS,
        timeout: 30,
      },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed++;
    });
  });
  return { latencies, failed };
}

/**
 * The report API benchmark (issue #4 "Quality"): a 12-month client of about 50,000 airings (the
 * generated sample post-log, 5 DMAs) with simulated minute visits in the local lake, one report
 * run through the local pipeline, then get_report and fetch_drilldowns (a station drill) under
 * 20 concurrent requests with autocannon, after a warm-up of the same load; prints p50/p95/max
 * latency and the answer's size (as sent and gzipped), with OK/OVER against the goals (p95 <=
 * 150 ms for get_report, <= 200 ms for the drill). The load generator runs in the stack's
 * process, so the figures include its share of the CPU (pessimistic).
 */
export async function runReportApiBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-api-bench-'));
  const stack = await startLocalStack({ dir, port: 0, seed: false, buildWeb: false });
  try {
    const token = await stack.idToken(stack.logins.demo);
    const postlog = join(dir, 'bench-postlog.csv');
    await writeFile(
      postlog,
      demoPostlogCsv({ firstDay: '2016-01-04', weeks: 52, spotsPerDay: 31, seed: 5 }),
    );
    const t0 = performance.now();
    const job = await importFile(
      {
        createUpload: (input) => callApi(stack.url, 'create_upload', input, token),
        getImport: (id) => callApi<ImportJob>(stack.url, 'get_import', { postlog_id: id }, token),
      },
      { path: postlog, kind: 'postlog', advertiser: 'Bench Furniture' },
      900_000,
    );
    const clientUid = job.client_uid;
    const importS = (performance.now() - t0) / 1000;

    const { airings } = await readPostlogFile(postlog, { advertiser: 'Bench Furniture' });
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const a of airings) {
      first = Math.min(first, a.startUtc);
      last = Math.max(last, a.startUtc);
    }
    const dmas = await loadDmas(resolveDataDir());
    const markets = new Set(airings.map((a) => a.market));
    const sim = simulateVisits({
      airings,
      fromUtc: Math.floor(first / DAY) * DAY - HISTORY_WEEKS * 7 * DAY,
      toUtc: (Math.floor(last / DAY) + 1) * DAY,
      tvHomesByDma: new Map([...markets].map((m) => [m, dmas.get(m)?.tvHomes ?? 1])),
      seed: 5,
    });
    const lake = stack.env[ENV.duckdbLakeDir] as string;
    const visitRows = await writeVisitsLake(sim, join(lake, visitsDir(clientUid, 'minute')));

    const t1 = performance.now();
    const run = await waitForReport(stack.url, clientUid, {}, token, 900_000);
    const reportS = (performance.now() - t1) / 1000;
    const view = await callApi<ReportView>(
      stack.url,
      'get_report',
      { client_uid: clientUid, report_id: run.report_id },
      token,
    );
    log(
      `report API: ${airings.length.toLocaleString('en-US')} airings over 12 months, ${markets.size} DMAs, ${visitRows.toLocaleString('en-US')} visit-minutes; import ${importS.toFixed(1)} s, report run ${reportS.toFixed(1)} s`,
    );

    const routePath = (name: string) => ROUTES.find((r) => r.name === name)?.path;
    const getUrl = new URL(routePath('get_report') as string, stack.url);
    getUrl.searchParams.set('client_uid', clientUid);
    getUrl.searchParams.set('report_id', run.report_id);
    const targets: {
      label: string;
      url: string;
      method: 'GET' | 'POST';
      body?: unknown;
      budgetMs: number;
    }[] = [
      {
        label: 'get_report',
        url: getUrl.toString(),
        method: 'GET',
        budgetMs: REPORT_API_P95_BUDGET_MS,
      },
    ];
    const drillPath = routePath('fetch_drilldowns');
    const station = view.tables.station?.[0];
    if (drillPath && station) {
      targets.push({
        label: `fetch_drilldowns (station ${station.label})`,
        url: new URL(drillPath, stack.url).toString(),
        method: 'POST',
        body: {
          client_uid: clientUid,
          report_id: run.report_id,
          filters: { broadcast_type: 'all', drill: [{ dimension: 'station', key: station.key }] },
        },
        budgetMs: DRILLDOWN_P95_BUDGET_MS,
      });
    }
    for (const t of targets) {
      await load({ ...t, token, amount: WARMUP_REQUESTS });
      const cpuBefore = process.cpuUsage();
      const { latencies, failed } = await load({ ...t, token });
      // CPU of this process (stack and load generator) per request: comparable between runs on
      // a shared machine, where latencies are not.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
      const size = await answerBytes({ ...t, token });
      const p95 = percentile(latencies, 0.95);
      const verdict = failed === 0 && p95 <= t.budgetMs ? 'OK' : 'OVER';
      log(
        `${t.label.padEnd(44)} p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   answer ${kb(size.raw)} (${kb(size.gzip)} gzipped)   node CPU ${cpuMs.toFixed(1)} ms/request   load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(
            ' ',
          )}   (${REQUESTS} requests after ${WARMUP_REQUESTS} warm-up, ${CONNECTIONS} concurrent, ${failed} failed; goal p95 <= ${t.budgetMs} ms: ${verdict})`,
      );
    }
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
