import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type AttributeStage, runAttributeCommand } from './cli/attribute-command';

/**
 * `npm run attribute -- --postlog FILE --visits FILE [--advertiser NAME] [--window 8]
 *   [--method sessions|pageviews|newuserbaseline] [--from DATE --to DATE] [--out report.json] [--timings]`
 * Attributes visits to the post-log's airings and prints the summary and the daypart,
 * day-of-week, station and program tables (spec §2 "Report screens"). Bad input exits 1 with a message
 * naming the file, row and field. --timings prints `timing <stage> <seconds> s` on stderr for
 * each stage (read-postlog, read-visits, series, attribute, report, write-json) and the total
 * since the process started (module loading included).
 */
const { values } = parseArgs({
  options: {
    postlog: { type: 'string' },
    visits: { type: 'string' },
    advertiser: { type: 'string' },
    window: { type: 'string', default: '8' },
    method: { type: 'string', default: 'sessions' },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
    timings: { type: 'boolean', default: false },
  },
});

/** One `--timings` line (stderr, so the printed report stays clean). */
const timing = (stage: AttributeStage | 'total', seconds: number) => {
  if (values.timings) process.stderr.write(`timing ${stage} ${seconds.toFixed(3)} s\n`);
};

try {
  const { doc, text } = await runAttributeCommand(
    values,
    (line) => process.stderr.write(`${line}\n`),
    timing,
  );
  console.log(text);
  const writing = performance.now();
  if (values.out) {
    await writeFile(values.out, JSON.stringify(doc));
    console.error(`wrote ${values.out}`);
  }
  timing('write-json', (performance.now() - writing) / 1000);
  // Since the process started: module loading is part of what the user waits for.
  timing('total', performance.now() / 1000);
} catch (error) {
  console.error(`attribute: ${(error as Error).message}`);
  process.exit(1);
}
