import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runAttributeCommand } from './cli/attribute-command';

/**
 * `npm run attribute -- --postlog FILE --visits FILE [--advertiser NAME] [--window 8]
 *   [--method sessions|pageviews|newuserbaseline] [--from DATE --to DATE] [--out report.json]`
 * Attributes visits to the post-log's airings and prints the summary and the daypart,
 * day-of-week, station and program tables (issue #2 §5). Bad input exits 1 with a message
 * naming the file, row and field.
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
  },
});

try {
  const { doc, text } = await runAttributeCommand(values, (line) =>
    process.stderr.write(`${line}\n`),
  );
  console.log(text);
  if (values.out) {
    await writeFile(values.out, JSON.stringify(doc));
    console.error(`wrote ${values.out}`);
  }
} catch (error) {
  console.error(`attribute: ${(error as Error).message}`);
  process.exit(1);
}
