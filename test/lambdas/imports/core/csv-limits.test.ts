import { describe, expect, test } from 'vitest';
import { CsvSplitter, csvRecords } from '../../../../lambdas/imports/core/csv-records';
import {
  ImportLimitError,
  NO_CSV_LIMITS,
  UPLOAD_CSV_LIMITS,
} from '../../../../lambdas/imports/core/limits';

const LINE = 'WABC,501,6/1/2016,8:30 PM,AC1,30,$100\n';
const CHUNK = 64 * 1024;

/** `text` cut into chunks of `size` characters, like a file stream. */
function* chunks(text: string, size = CHUNK) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** A file of about `mb` MB: a header, 100 good lines, one line opening a quote it never closes, good lines. */
function hostile(mb: number) {
  const head = `Station,Market,Date,Time,ISCI,Length,Cost\n${LINE.repeat(100)}`;
  const open = 'WABC,"501,6/1/2016,8:30 PM,AC1,30,$100\n';
  const tail = LINE.repeat(Math.ceil((mb * 1024 * 1024) / LINE.length));
  return { text: head + open + tail, quoteAt: head.length + 5 };
}

/** Feeds every chunk; returns the records and the splitter. */
function split(text: string, splitter: CsvSplitter, size = CHUNK) {
  const records: string[][] = [];
  for (const c of chunks(text, size)) {
    records.push(...splitter.push(c));
    if (splitter.error) break;
  }
  if (!splitter.error) records.push(...splitter.end());
  return records;
}

async function readAll(text: string, size = CHUNK) {
  const out: string[][] = [];
  for await (const r of csvRecords(chunks(text, size))) out.push(r);
  return out;
}

describe('the CSV reader on hostile input', () => {
  test('one unbalanced quote in an 8 MB file stops at the 4 KB cell limit, naming the row', async () => {
    const { text } = hostile(8);

    const error = await readAll(text).then(
      () => null,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ImportLimitError);
    expect((error as Error).message).toBe(
      'Row 101 has a cell longer than 4 KB (4,096 characters): is a quote (") left open?',
    );
  });

  test('it stops after scanning at most the cell limit past the open quote', () => {
    const { text, quoteAt } = hostile(8);
    const splitter = new CsvSplitter(UPLOAD_CSV_LIMITS);

    const records = split(text, splitter);

    expect(records).toHaveLength(101);
    expect(splitter.error?.limit).toBe('cell');
    expect(splitter.scanned).toBeLessThanOrEqual(quoteAt + 4096 + CHUNK);
  });

  test('without limits the work is linear: an 8 MB hostile file scans 4x the characters of a 2 MB one', () => {
    const small = hostile(2).text;
    const large = hostile(8).text;
    const a = new CsvSplitter(NO_CSV_LIMITS);
    const b = new CsvSplitter(NO_CSV_LIMITS);

    const recordsA = split(small, a);
    const recordsB = split(large, b);

    expect(recordsA).toHaveLength(102);
    expect(recordsB).toHaveLength(102);
    expect(a.scanned).toBeLessThanOrEqual(small.length);
    expect(b.scanned).toBeLessThanOrEqual(large.length);
    expect(b.scanned / a.scanned).toBeLessThan(4.2);
  });

  test.each([
    ['unquoted', 'x'.repeat(4097)],
    ['quoted', `"${'x'.repeat(4097)}"`],
    ['quoted over chunks', `"${'x,\n'.repeat(1366)}"`],
  ])('a %s cell of 4,097 characters is refused naming the limit', async (_, cell) => {
    await expect(readAll(`a,b\n1,${cell}\n`, 1000)).rejects.toThrow(
      'Row 1 has a cell longer than 4 KB (4,096 characters)',
    );
  });

  test('a cell of exactly 4,096 characters is read', async () => {
    const rows = await readAll(`a,b\n1,${'x'.repeat(4096)}\n2,"${'y'.repeat(4096)}"\n`, 1000);

    expect(rows.map((r) => r[1]?.length)).toEqual([1, 4096, 4096]);
  });

  test.each([
    ['a header', `${'h,'.repeat(200)}h\n1\n`, 'The header has more than 200 columns.'],
    ['a row', `a\n${'1,'.repeat(200)}1\n`, 'Row 1 has more than 200 columns.'],
    ['a quoted row', `a\nb\n"1",${'1,'.repeat(200)}1\n`, 'Row 2 has more than 200 columns.'],
  ])('%s of 201 columns is refused naming the limit', async (_, text, message) => {
    await expect(readAll(text)).rejects.toThrow(message);
  });

  test('200 columns are read', async () => {
    const rows = await readAll(`${'h,'.repeat(199)}h\n${'1,'.repeat(199)}1\n`);

    expect(rows[1]).toHaveLength(200);
  });
});

describe('the CSV reader on valid input', () => {
  const TEXT =
    '\ufeffa,b,c\r\n"x, ""y""",2,"multi\nline"\n"a""b",,"c"\r\nplain,"q"x,3\n\n"end",5,"z"';
  const EXPECTED = [
    ['a', 'b', 'c'],
    ['x, "y"', '2', 'multi\nline'],
    ['a"b', '', 'c'],
    ['plain', 'qx', '3'],
    ['end', '5', 'z'],
  ];

  test('reads the same whatever the chunk boundaries', async () => {
    for (let size = 1; size <= TEXT.length; size++) {
      expect(await readAll(TEXT, size)).toEqual(EXPECTED);
    }
  });

  test('reads the same when cut once at every position', async () => {
    for (let at = 0; at <= TEXT.length; at++) {
      const out: string[][] = [];
      for await (const r of csvRecords([TEXT.slice(0, at), TEXT.slice(at)])) out.push(r);
      expect(out).toEqual(EXPECTED);
    }
  });
});
