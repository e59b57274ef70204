import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { NATIONAL } from '../../lambdas/attribution/core/types';
import { simulateVisits } from '../../lambdas/attribution/simulator/simulate-visits';
import { visitsCsvChunks } from '../../lambdas/attribution/simulator/visits-csv';
import { csvRecords } from '../../lambdas/imports/core/csv-records';
import { readPostlogFile } from '../../lambdas/imports/core/read-postlog-file';
import { openDuckDb } from '../../lambdas/reports/adapters/duckdb-query-engine';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';

const run = promisify(execFile);
const DAY = 86_400;
const HISTORY_WEEKS = 8;
/** Busy site: nearly every DMA-minute has a visit (about 2.3 M rows, 70 MB). */
const DAILY_VISITS = 450_000;
/** The busy flight of the real post-log: every market, 60 days of the autumn run-up (34,580 airings). */
const FLIGHT_FROM = '2016-08-04';
const FLIGHT_DAYS = 60;
/** Untimed runs, then timed ones (the best is reported), the floor and the command alternating. */
const WARMUP_RUNS = 1;
const TIMED_RUNS = 3;
/** Goal: the whole command within this many times the DuckDB scan of the same visits CSV. */
const GOAL_RATIO = 8;
const STAGES = ['read-postlog', 'read-visits', 'series', 'attribute', 'report', 'write-json'];

/** A CSV cell written back as read (quoted when it needs to be). */
const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/**
 * The flight's post-log in `dir`: the rows of the real airings.csv whose start_utc falls in the
 * flight, or (without ../shared/data) the generated sample post-log of about the same size.
 */
async function writeFlightPostlog(dir: string): Promise<{ file: string; source: string }> {
  const file = join(dir, 'flight.csv');
  const real = join(resolveDataDir(), 'political-tv-ad-airings-2016', 'airings.csv');
  if (!existsSync(real)) {
    await writeFile(file, demoPostlogCsv({ firstDay: FLIGHT_FROM, weeks: 9, spotsPerDay: 123 }));
    return { file, source: 'generated sample post-log (../shared/data is absent)' };
  }
  const from = Date.parse(`${FLIGHT_FROM}T00:00:00Z`);
  const to = from + FLIGHT_DAYS * DAY * 1000;
  const lines: string[] = [];
  let start = -1;
  for await (const record of csvRecords(createReadStream(real))) {
    if (start < 0) start = record.indexOf('start_utc');
    else {
      const t = Date.parse(record[start] ?? '');
      if (!(t >= from && t < to)) continue;
    }
    lines.push(record.map(cell).join(','));
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return { file, source: `real post-log, ${FLIGHT_FROM} + ${FLIGHT_DAYS} days, every market` };
}

/** One timed run of a step: wall seconds, CPU seconds and the step's value. */
interface Timed<T> {
  s: number;
  cpu: number;
  value: T;
}

/**
 * Runs a step once, timed: wall seconds, the step's value, and its CPU seconds (`cpu` of the
 * value when the step measures it, else this process's user + system time, DuckDB's threads
 * included). On a shared machine CPU is the steadier figure.
 */
async function timed<T extends { cpu?: number }>(step: () => Promise<T>): Promise<Timed<T>> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await step();
  const s = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(c0);
  return { s, cpu: value.cpu ?? (used.user + used.system) / 1e6, value };
}

/** The fastest of some runs (its value), with the least CPU of any of them. */
function best<T>(runs: Timed<T>[]): Timed<T> {
  const fastest = runs.reduce((a, b) => (b.s < a.s ? b : a));
  return { ...fastest, cpu: Math.min(...runs.map((r) => r.cpu)) };
}

/**
 * The floor and the command, WARMUP_RUNS untimed runs of each and then TIMED_RUNS timed pairs,
 * the two alternating so that the load of a shared machine falls on both alike.
 */
async function alternate<A extends { cpu?: number }, B extends { cpu?: number }>(
  floor: () => Promise<A>,
  command: () => Promise<B>,
): Promise<{ floor: Timed<A>[]; command: Timed<B>[] }> {
  for (let i = 0; i < WARMUP_RUNS; i++) {
    await floor();
    await command();
  }
  const out: { floor: Timed<A>[]; command: Timed<B>[] } = { floor: [], command: [] };
  for (let i = 0; i < TIMED_RUNS; i++) {
    out.floor.push(await timed(floor));
    out.command.push(await timed(command));
  }
  return out;
}

/** The CPU seconds (user + system) of the children from the `times` line ending `stderr`. */
function childCpu(stderr: string): number {
  const m = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(stderr);
  return m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]) : Number.NaN;
}

/** The `timing <stage> <s> s` lines of `--timings` as a map of seconds. */
function timings(stderr: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of stderr.matchAll(/^timing (\S+) ([\d.]+) s$/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

/**
 * The CLI benchmark: `npm run attribute` on a busy two-month flight (about 34,500 real airings)
 * with its simulated minute visits as a CSV (about 2.3 M rows, 8 weeks of history before the
 * flight). The floor, timed in the same run: DuckDB's read_csv of the same file with a group-by
 * (the least any reader of the file must do). The whole command runs as a child process
 * (`npm run attribute -- ... --timings --out`); the floor and the command alternate, one warm-up
 * of each then three timed pairs, and the best of each is compared; the command's stages
 * come from `--timings`; CPU seconds are printed beside the wall times (the machine's load too),
 * as a shared machine stretches wall times. Goal: the whole command within GOAL_RATIO x the
 * DuckDB scan (wall).
 */
export async function runCliBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-cli-bench-'));
  try {
    const { file: postlog, source } = await writeFlightPostlog(dir);
    const { airings } = await readPostlogFile(postlog, { advertiser: 'bench' });
    const starts = airings.map((a) => a.startUtc);
    const fromUtc = Math.floor(Math.min(...starts) / DAY) * DAY;
    const toUtc = Math.floor(Math.max(...starts) / DAY) * DAY + DAY;
    const markets = new Set(airings.map((a) => a.market).filter((m) => m !== NATIONAL));
    const dmas = await loadDmas();
    const sim = simulateVisits({
      airings,
      fromUtc: fromUtc - HISTORY_WEEKS * 7 * DAY,
      toUtc,
      tvHomesByDma: new Map([...markets].map((m) => [m, dmas.get(m)?.tvHomes ?? 1])),
      tzByDma: new Map([...dmas.values()].filter((d) => d.tz).map((d) => [d.code, d.tz!])),
      seed: 1,
      dailyVisits: DAILY_VISITS,
    });
    const visits = join(dir, 'visits.csv');
    const out = createWriteStream(visits);
    let rows = -1;
    for (const chunk of visitsCsvChunks(sim)) {
      for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) rows++;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
    const mb = (await stat(visits)).size / 1e6;
    log(
      `cli: ${source}: ${airings.length.toLocaleString('en-US')} airings, ${markets.size} DMAs + national`,
    );
    log(
      `visits CSV: ${rows.toLocaleString('en-US')} visit-minutes, ${mb.toFixed(0)} MB (${FLIGHT_DAYS} days + ${HISTORY_WEEKS} weeks of history)`,
    );

    const conn = await openDuckDb();
    const sql = `SELECT dma_code, count(*) AS n, sum(sessions) AS s, sum(new_users) AS u, sum(pageviews) AS p
      FROM read_csv('${visits.replaceAll("'", "''")}', header = true) GROUP BY dma_code`;
    const report = join(dir, 'report.json');
    const args = ['npm', 'run', '--silent', 'attribute', '--', '--postlog', postlog];
    args.push('--visits', visits, '--advertiser', 'bench', '--out', report, '--timings');
    // Through sh for its `times`: the CPU the command's processes used.
    const script = '"$@" >/dev/null && times >&2';
    const runs = await alternate(
      async (): Promise<{ rows: number; cpu?: number }> => ({
        rows: (await conn.runAndReadAll(sql)).getRows().length,
      }),
      async () => {
        const { stderr } = await run('sh', ['-c', script, 'sh', ...args], { maxBuffer: 64 << 20 });
        return { stages: timings(stderr), cpu: childCpu(stderr) };
      },
    );
    conn.closeSync();
    const scan = best(runs.floor);
    const command = best(runs.command);

    const ratio = command.s / scan.s;
    log('');
    log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1, 5, 15 min) on ${availableParallelism()} cores`,
    );
    log(
      `DuckDB read_csv + group-by (floor)   ${scan.s.toFixed(3)} s   (CPU ${scan.cpu.toFixed(3)} s)`,
    );
    log(
      `npm run attribute (whole command)    ${command.s.toFixed(3)} s   (best of ${TIMED_RUNS}; CPU ${command.cpu.toFixed(3)} s)`,
    );
    const stages = command.value.stages;
    const inProcess = stages.get('total') ?? 0;
    log(
      `  stages of that run: ${STAGES.map((k) => `${k} ${(stages.get(k) ?? 0).toFixed(3)}`).join(', ')} s`,
    );
    log(
      `  total in the command's process ${inProcess.toFixed(3)} s (module loading included); outside it (npm, launchers) ${(command.s - inProcess).toFixed(3)} s`,
    );
    log(
      `  the visits CSV is read on a worker thread while the post-log is read: read-visits is the wait after the post-log`,
    );
    log(
      `  run by run (floor, command alternating): ${runs.floor.map((f, i) => `${f.s.toFixed(3)}/${runs.command[i]!.s.toFixed(3)} s`).join(', ')}`,
    );
    log(
      `ratio command / DuckDB scan          ${ratio.toFixed(2)}x   (target <= ${GOAL_RATIO}x)  ${ratio <= GOAL_RATIO ? 'OK' : 'OVER'}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
