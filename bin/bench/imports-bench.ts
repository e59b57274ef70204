import { performance } from 'node:perf_hooks';
import { CsvSplitter, csvRecords } from '../../lambdas/imports/core/csv-records';
import { ImportLimitError, NO_CSV_LIMITS } from '../../lambdas/imports/core/limits';

const LINE = 'WABC,501,6/1/2016,8:30 PM,AC1,30,$100\n';
/** Chunk size of an S3 body stream, characters. */
const CHUNK = 64 * 1024;
const TIMED_RUNS = 3;

/** About `mb` MB of post-log lines with one quote opened near the start and never closed. */
function hostile(mb: number): string {
  const head = `Station,Market,Date,Time,ISCI,Length,Cost\n${LINE.repeat(100)}`;
  const open = 'WABC,"501,6/1/2016,8:30 PM,AC1,30,$100\n';
  return head + open + LINE.repeat(Math.ceil((mb * 1024 * 1024) / LINE.length));
}

function* chunks(text: string) {
  for (let i = 0; i < text.length; i += CHUNK) yield text.slice(i, i + CHUNK);
}

/** Best of TIMED_RUNS wall seconds of `step`. */
async function best(step: () => Promise<unknown> | unknown): Promise<number> {
  let s = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TIMED_RUNS; i++) {
    const t0 = performance.now();
    await step();
    s = Math.min(s, (performance.now() - t0) / 1000);
  }
  return s;
}

/** The upload reader (4 KB cells): refuses the file at the open quote. */
async function withLimits(text: string) {
  try {
    for await (const _ of csvRecords(chunks(text))) {
      // read
    }
  } catch (error) {
    if (!(error instanceof ImportLimitError)) throw error;
  }
}

/** The reader without limits: the open quote swallows the rest of the file into one cell. */
function withoutLimits(text: string) {
  const splitter = new CsvSplitter(NO_CSV_LIMITS);
  for (const c of chunks(text)) splitter.push(c);
  splitter.end();
}

/**
 * `npm run bench -- imports`: the CSV reader on hostile input (one unbalanced quote), 2 MB
 * against 8 MB, with the upload limits (it stops at the 4 KB cell limit) and without them (it
 * reads on; linear means about 4x, a quadratic reader takes 16x).
 */
export async function runImportsBench(log: (line: string) => void): Promise<void> {
  log('imports: CSV reader on a file with one unbalanced quote (64 KB chunks)');
  const small = hostile(2);
  const large = hostile(8);
  for (const [name, run] of [
    ['upload limits', withLimits],
    ['no limits', withoutLimits],
  ] as const) {
    const a = await best(() => run(small));
    const b = await best(() => run(large));
    const ratio = a > 0 ? b / a : 0;
    log(
      `  ${name.padEnd(13)} 2 MB ${(a * 1000).toFixed(1)} ms, 8 MB ${(b * 1000).toFixed(1)} ms (8 MB / 2 MB = ${ratio.toFixed(1)}x; budget < 16x)`,
    );
  }
}
