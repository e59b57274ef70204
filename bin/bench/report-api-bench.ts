import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ddbDocClient } from '#shared/aws/clients';
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
/** Concurrent connections and requests per route (the quality goal: 20 concurrent local requests). */
const CONNECTIONS = 20;
const REQUESTS = 400;
/** Requests per route fired (same load) before the measured ones: warm caches and JIT. */
const WARMUP_REQUESTS = 40;
/** Budget for the report API's p95 under that load, milliseconds (the whole-report read). */
export const REPORT_API_P95_BUDGET_MS = 150;
/** Budget for a drill-down's p95 under that load, milliseconds. */
export const DRILLDOWN_P95_BUDGET_MS = 200;

/**
 * JVM options of the bench's own DynamoDB Local: the C1 compiler only (`-XX:TieredStopAtLevel=1`),
 * unless API_BENCH_DYNAMO_JVM=default. Why: on two cores the JVM's optimising compiler, still
 * compiling DynamoDB Local's read paths after the warm-up, took most of the stand-in's CPU per
 * request (measured 2026-11-27: about 2 ms per call, against 0.4-0.5 ms with C1 only); that CPU
 * queues the requests of a stand-in that AWS does not have. What is stored is unchanged.
 */
function benchDynamoJvmOptions(): string[] {
  return process.env.API_BENCH_DYNAMO_JVM === 'default' ? [] : ['-XX:TieredStopAtLevel=1'];
}

/** The nearest-rank percentile `p` (0..1) of `values` (milliseconds). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  ] as number;
}

/** What a browser sends: it accepts gzip, so the routes may compress their answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Method, headers and body of a signed-in browser's request with `body` (JSON) if any. */
function browserRequest(opts: { method: 'GET' | 'POST'; token: string; body?: unknown }) {
  return {
    method: opts.method,
    headers: {
      authorization: `Bearer ${opts.token}`,
      ...BROWSER_HEADERS,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
  };
}

/**
 * The size of one answer in bytes: as sent to a browser (content-length, compressed when the
 * route compresses) and as JSON (decoded).
 */
async function answerBytes(opts: {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: unknown;
}): Promise<{ sent: number; json: number; encoding: string }> {
  const res = await fetch(opts.url, browserRequest(opts));
  const json = Buffer.from(await res.arrayBuffer()).length;
  const sent = Number(res.headers.get('content-length') ?? json);
  return { sent, json, encoding: res.headers.get('content-encoding') ?? 'identity' };
}

/**
 * CPU seconds (user + system) used so far by this process's child processes that are still
 * running (DynamoDB Local's JVM), from /proc; 0 where /proc is missing.
 */
async function childCpuSeconds(): Promise<number> {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  let entries: string[] = [];
  try {
    entries = await readdir('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state is field 3, ppid 4, utime 14.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * Counts the DynamoDB calls the stack's handlers make (they run in this process on the shared
 * document client, layers/shared/aws/clients.ts), by command name.
 */
function countDynamoCalls(): Map<string, number> {
  const calls = new Map<string, number>();
  ddbDocClient().middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? 'unknown');
      calls.set(name, (calls.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchCountDynamoCalls' },
  );
  return calls;
}

/** The calls counted since `before`, per request, e.g. `QueryCommand 2, BatchGetCommand 1`. */
function callsPerRequest(now: Map<string, number>, before: Map<string, number>): string {
  const parts = [...now]
    .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / REQUESTS] as const)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name.replace(/Command$/, '')} ${Number(n.toFixed(2))}`);
  return parts.length ? parts.join(', ') : 'none';
}

/**
 * The load generator's thread: autocannon with the options it is given, the latency of each 2xx
 * answer (ms), the count of the others, and the milliseconds its event loop was busy (its CPU,
 * near enough). Plain CommonJS, so the worker needs no TypeScript loader.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const autocannon = require(workerData.autocannon);
const latencies = [];
let failed = 0;
const idle = performance.eventLoopUtilization();
const instance = autocannon(workerData.options, (err) => {
  const busyMs = performance.eventLoopUtilization(idle).active;
  parentPort.postMessage(err ? { error: String(err.stack || err) } : { latencies, failed, busyMs });
});
instance.on('response', (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) latencies.push(ms);
  else failed++;
});
`;

/**
 * Fires `amount` requests over CONNECTIONS connections from a worker thread (a browser's requests
 * do not run on the server's event loop either; the thread still shares the machine's cores).
 * @returns latencies of 2xx answers in ms, the count of the others, and the load generator's
 *   busy milliseconds (to tell its CPU from the stack's).
 */
async function load(opts: {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: unknown;
  amount?: number;
}): Promise<{ latencies: number[]; failed: number; busyMs: number }> {
  const options = {
    url: opts.url,
    ...browserRequest(opts),
    connections: CONNECTIONS,
    amount: opts.amount ?? REQUESTS,
    timeout: 30,
  };
  const autocannonPath = createRequire(import.meta.url).resolve('autocannon');
  const worker = new Worker(LOAD_WORKER, {
    eval: true,
    workerData: { autocannon: autocannonPath, options },
  });
  try {
    const answer = await new Promise<{
      latencies?: number[];
      failed?: number;
      busyMs?: number;
      error?: string;
    }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (answer.error) throw new Error(answer.error);
    return {
      latencies: answer.latencies ?? [],
      failed: answer.failed ?? 0,
      busyMs: answer.busyMs ?? 0,
    };
  } finally {
    await worker.terminate();
  }
}

/**
 * Starts the V8 CPU profiler of this process (the stack, its handlers and the load generator);
 * `stop(file)` writes the profile (Chrome DevTools' .cpuprofile JSON) to `file`.
 */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * The report API benchmark: a 12-month client of about 50,000 airings (the
 * generated sample post-log, 5 DMAs) with simulated minute visits in the local lake, one report
 * run through the local pipeline, then get_report and fetch_drilldowns (a station drill) under
 * 20 concurrent requests with autocannon, after a warm-up of the same load; prints p50/p95/max
 * latency, the answer's size (as sent to a browser, which accepts gzip, and as JSON), the Node
 * and DynamoDB Local (JVM) CPU per request, the DynamoDB calls per request by operation, with
 * OK/OVER against the goals (p95 <=
 * 150 ms for get_report, <= 200 ms for the drill). The load generator runs on a worker thread of
 * the stack's process: off the stack's event loop, but on the same cores (its CPU is printed
 * apart); the public `routes` route, measured the same way first, is the floor of the gateway
 * and the route wrapper. With API_BENCH_CPU_PROFILE=<folder>, each route's measured requests are CPU-profiled
 * into `<folder>/<route>.cpuprofile`. The bench's own DynamoDB Local runs with the C1 compiler
 * only, as its first line says (benchDynamoJvmOptions; API_BENCH_DYNAMO_JVM=default runs it as
 * npm start does).
 */
export async function runReportApiBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-api-bench-'));
  const jvm = benchDynamoJvmOptions();
  const stack = await startLocalStack({
    dir,
    port: 0,
    seed: false,
    buildWeb: false,
    dynamoJvmOptions: jvm,
  });
  log(
    jvm.length
      ? `report API: this bench's own DynamoDB Local runs with the JVM option ${jvm.join(' ')} (npm start and the tests do not): the stand-in's JIT otherwise spends the measured requests compiling its read paths (about 2 ms of JVM CPU per DynamoDB call instead of about 0.5), a cost of the local stand-in only, since DynamoDB in AWS does not share the Lambda's CPU; API_BENCH_DYNAMO_JVM=default measures without it`
      : 'report API: DynamoDB Local runs with its default JVM options, as npm start does',
  );
  const dynamoCalls = countDynamoCalls();
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
      budgetMs?: number;
    }[] = [
      {
        // The floor: the gateway, the route wrapper and the load generator, no reads at all.
        label: 'routes (trivial route, floor)',
        url: new URL(routePath('routes') as string, stack.url).toString(),
        method: 'GET',
      },
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
    const profileDir = process.env.API_BENCH_CPU_PROFILE;
    for (const t of targets) {
      await load({ ...t, token, amount: WARMUP_REQUESTS });
      const profiler = profileDir ? await startProfile() : null;
      const cpuBefore = process.cpuUsage();
      const childBefore = await childCpuSeconds();
      const callsBefore = new Map(dynamoCalls);
      const { latencies, failed, busyMs } = await load({ ...t, token });
      const calls = callsPerRequest(dynamoCalls, callsBefore);
      // CPU per request: comparable between runs on a shared machine, where latencies are not.
      // This process's CPU less the load generator's thread is the stack's (gateway, handlers,
      // SDK); DynamoDB Local runs in a JVM child process.
      const cpu = process.cpuUsage(cpuBefore);
      const childMs = ((await childCpuSeconds()) - childBefore) * 1000;
      if (profiler && profileDir) {
        const file = join(profileDir, `${t.label.split(' ')[0]}.cpuprofile`);
        await profiler.stop(file);
        log(`CPU profile of the measured ${t.label} requests: ${file}`);
      }
      const cpuMs = ((cpu.user + cpu.system) / 1000 - busyMs) / REQUESTS;
      const size = await answerBytes({ ...t, token });
      const p95 = percentile(latencies, 0.95);
      const goal =
        t.budgetMs === undefined
          ? 'no goal'
          : `goal p95 <= ${t.budgetMs} ms: ${failed === 0 && p95 <= t.budgetMs ? 'OK' : 'OVER'}`;
      log(
        `${t.label.padEnd(44)} p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   answer ${kb(size.sent)} sent (${size.encoding}; ${kb(size.json)} JSON)   node CPU ${cpuMs.toFixed(1)} ms/request (+ load generator ${(busyMs / REQUESTS).toFixed(1)})   DynamoDB Local CPU ${(childMs / REQUESTS).toFixed(1)} ms/request   DynamoDB calls/request: ${calls}   load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(
            ' ',
          )}   (${REQUESTS} requests after ${WARMUP_REQUESTS} warm-up, ${CONNECTIONS} concurrent, ${failed} failed; ${goal})`,
      );
    }
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
