import { expect, test } from 'vitest';
import { csvRecords } from '../../../../lambdas/imports/core/csv-records';

async function read(chunks: string[]) {
  const out: string[][] = [];
  for await (const r of csvRecords(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out.push(r);
  return out;
}

test('reads quoted fields with commas, escaped quotes and line breaks across chunks', async () => {
  const rows = await read(['\ufeffa,b\r\n"x, ""y""",2\n"multi', '\nline",3\n\nlast,4']);

  expect(rows).toEqual([
    ['a', 'b'],
    ['x, "y"', '2'],
    ['multi\nline', '3'],
    ['last', '4'],
  ]);
});
