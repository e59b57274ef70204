import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadDmas } from '#shared/reference/dmas';
import { simulateVisits } from '../lambdas/attribution/simulator/simulate-visits';
import { truthCsv, visitsCsvChunks } from '../lambdas/attribution/simulator/visits-csv';
import { readPostlogFile } from '../lambdas/imports/core/read-postlog-file';

/**
 * `npm run simulate -- --postlog FILE --from DATE --to DATE [--advertiser NAME] [--seed N]
 *   [--daily-visits N] --out visits.csv --truth truth.csv`
 * Simulates minute visits per DMA for a post-log (lambdas/attribution/simulator) and writes the
 * visits CSV and the injected truth. Dates are YYYY-MM-DD (UTC), --to exclusive. Eight weeks
 * before --from are simulated too, so the baseline has history.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      postlog: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      advertiser: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'daily-visits': { type: 'string', default: '40000' },
      'history-weeks': { type: 'string', default: '8' },
      out: { type: 'string' },
      truth: { type: 'string' },
    },
  });
  const need = (flag: 'postlog' | 'from' | 'to' | 'out' | 'truth'): string => {
    const v = values[flag];
    if (!v) throw new Error(`missing --${flag}`);
    return v;
  };
  const day = (flag: 'from' | 'to'): number => {
    const v = need(flag);
    const t = Date.parse(`${v}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(t))
      throw new Error(`--${flag} must be YYYY-MM-DD, got "${v}"`);
    return t / 1000;
  };
  const int = (flag: 'seed' | 'daily-visits' | 'history-weeks'): number => {
    const v = Number(values[flag]);
    if (!Number.isInteger(v) || v < 0)
      throw new Error(`--${flag} must be a non-negative integer, got "${values[flag]}"`);
    return v;
  };
  const from = day('from');
  const to = day('to');
  if (to <= from) throw new Error('--to must be after --from');
  const { airings, errors } = await readPostlogFile(need('postlog'), {
    advertiser: values.advertiser,
  });
  console.error(`post-log: ${airings.length} airings, ${errors.length} row errors`);
  const dmas = await loadDmas();
  // Simulate the post-log's own markets (national airings respond across them), not all 210 DMAs.
  const markets = new Set(airings.map((a) => a.market).filter((m) => m !== 'national'));
  const tvHomesByDma = new Map(
    [...markets].map((m) => [m, dmas.get(m)?.tvHomes ?? 1] as [string, number]),
  );
  const tzByDma = new Map(
    [...dmas.values()].filter((d) => d.tz).map((d) => [d.code, d.tz as string]),
  );
  const sim = simulateVisits({
    airings,
    fromUtc: from - int('history-weeks') * 7 * 86400,
    toUtc: to,
    tvHomesByDma,
    tzByDma,
    seed: int('seed'),
    dailyVisits: int('daily-visits'),
  });
  console.error(`simulating ${sim.dmaCodes.length} DMAs × ${sim.minutes} minutes`);
  const out = createWriteStream(need('out'));
  let chunks = 0;
  for (const chunk of visitsCsvChunks(sim)) {
    if (!out.write(chunk)) await once(out, 'drain');
    if (++chunks % 100 === 0) process.stderr.write(`\r${chunks} chunks written…`);
  }
  out.end();
  await once(out, 'finish');
  await writeFile(need('truth'), truthCsv(sim.truth));
  const injected = sim.truth.reduce((s, t) => s + t.injected, 0);
  console.error(`\ndone: ${need('out')}, ${need('truth')} (${injected} injected visits)`);
}

main().catch((e: unknown) => {
  console.error(`simulate: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
