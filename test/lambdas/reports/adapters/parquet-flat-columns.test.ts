import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDuckDb } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import {
  readFlatColumns,
  UnsupportedParquetLayout,
} from '../../../../lambdas/reports/adapters/parquet-flat-columns';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flat-columns-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bytes of a Parquet file DuckDB writes for `select` with the given COPY options. */
async function duckDbFile(select: string, options = ''): Promise<Uint8Array> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.parquet`);
  const conn = await openDuckDb();
  await conn.run(`COPY (${select}) TO '${path}' (FORMAT parquet${options ? `, ${options}` : ''})`);
  conn.closeSync();
  return new Uint8Array(readFileSync(path));
}

/** hyparquet's own row reader: the reference every typed-array read is checked against. */
async function referenceRows(file: Uint8Array, columns: string[]) {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  return (await parquetReadObjects({ file: buffer as ArrayBuffer, columns })) as Record<
    string,
    unknown
  >[];
}

const asNumber = (v: unknown, nullAs: number) => (v === null ? nullAs : Number(v));

// Several thousand rows with repeats (dictionary pages, run-length and bit-packed runs), nulls in
// every column, and a text column of few values.
const MANY = `SELECT CAST(1700000000 + (i // 7) * 60 AS BIGINT) AS bucket_utc,
    CASE WHEN i % 97 = 0 THEN NULL ELSE CAST(i % 13 AS DOUBLE) END AS sessions,
    CASE WHEN i % 89 = 0 THEN NULL WHEN i % 5 = 0 THEN '' ELSE CAST(500 + i % 6 AS VARCHAR) END AS dma_code,
    CAST(i AS INTEGER) AS n32
  FROM range(20000) t(i)`;

describe('readFlatColumns', () => {
  test("reads DuckDB's pages (v1, Snappy, several row groups) as hyparquet reads them", async () => {
    const file = await duckDbFile(MANY, 'ROW_GROUP_SIZE 4096');
    const read = readFlatColumns(file, {
      numbers: [
        { name: 'bucket_utc', nullAs: Number.NaN },
        { name: 'sessions', nullAs: -1 },
        { name: 'n32', nullAs: 0 },
      ],
      texts: ['dma_code'],
    });
    const rows = await referenceRows(file, ['bucket_utc', 'sessions', 'n32', 'dma_code']);

    expect(read.rows).toBe(20000);
    expect(Array.from(read.numbers[0] ?? [])).toEqual(rows.map((r) => Number(r.bucket_utc)));
    expect(Array.from(read.numbers[1] ?? [])).toEqual(rows.map((r) => asNumber(r.sessions, -1)));
    expect(Array.from(read.numbers[2] ?? [])).toEqual(rows.map((r) => Number(r.n32)));
    const dma = read.texts[0];
    expect(Array.from(dma?.codes ?? [], (c) => (c < 0 ? null : dma?.texts[c]))).toEqual(
      rows.map((r) => r.dma_code),
    );
  });

  test('reads the pages hyparquet-writer writes (v2, required and optional, PLAIN and dictionary)', async () => {
    const n = 5000;
    const bucket = BigInt64Array.from({ length: n }, (_, i) =>
      BigInt(1_700_000_000 + (i >> 3) * 60),
    );
    const plain = Float64Array.from({ length: n }, (_, i) => i * 0.5 - 100);
    const optional = Array.from({ length: n }, (_, i) => (i % 11 === 0 ? null : (i % 4) + 0.25));
    const text = Array.from({ length: n }, (_, i) => (i % 17 === 0 ? null : `k${i % 3}`));
    const ids = Array.from({ length: n }, (_, i) => `id-${i}`);
    const plainOptional = Array.from({ length: n }, (_, i) => (i % 5 === 0 ? null : i));
    const file = new Uint8Array(
      parquetWriteBuffer({
        codec: 'SNAPPY',
        rowGroupSize: 1500,
        columnData: [
          { name: 'bucket_utc', data: bucket, type: 'INT64', nullable: false },
          { name: 'plain', data: plain, type: 'DOUBLE', nullable: false, encoding: 'PLAIN' },
          { name: 'optional', data: optional, type: 'DOUBLE', nullable: true },
          { name: 'text', data: text, type: 'STRING', nullable: true },
          { name: 'id', data: ids, type: 'STRING', nullable: false, encoding: 'PLAIN' },
          {
            name: 'plain_optional',
            data: plainOptional,
            type: 'DOUBLE',
            nullable: true,
            encoding: 'PLAIN',
          },
        ],
      }),
    );

    const read = readFlatColumns(file, {
      numbers: [
        { name: 'bucket_utc', nullAs: 0 },
        { name: 'plain', nullAs: 0 },
        { name: 'optional', nullAs: Number.NaN },
        { name: 'plain_optional', nullAs: -1 },
      ],
      texts: ['text', 'id'],
    });

    expect(Array.from(read.numbers[0] ?? [])).toEqual(Array.from(bucket, Number));
    expect(Array.from(read.numbers[1] ?? [])).toEqual(Array.from(plain));
    expect(Array.from(read.numbers[2] ?? [])).toEqual(optional.map((v) => v ?? Number.NaN));
    expect(Array.from(read.numbers[3] ?? [])).toEqual(plainOptional.map((v) => v ?? -1));
    const [codes, idCodes] = read.texts;
    expect(Array.from(codes?.codes ?? [], (c) => (c < 0 ? null : codes?.texts[c]))).toEqual(text);
    expect(Array.from(idCodes?.codes ?? [], (c) => idCodes?.texts[c])).toEqual(ids);
  });

  test('fills the given arrays from the given row, leaving the rows around it alone', async () => {
    const file = await duckDbFile(
      'SELECT CAST(i AS DOUBLE) AS v, CAST(i % 2 AS VARCHAR) AS t FROM range(10) t(i)',
    );
    const numbers = [new Float64Array(16).fill(-7)];
    const texts = [new Int32Array(16).fill(-7)];

    const read = readFlatColumns(
      file,
      { numbers: [{ name: 'v', nullAs: 0 }], texts: ['t'] },
      { numbers, texts, at: 3 },
    );

    expect(Array.from(numbers[0] ?? [])).toEqual([
      -7, -7, -7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -7, -7, -7,
    ]);
    expect(Array.from(read.texts[0]?.codes ?? [], (c) => read.texts[0]?.texts[c])).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i % 2)),
    );
    expect(texts[0]?.[2]).toBe(-7);
    expect(texts[0]?.[13]).toBe(-7);
  });

  test('names the layouts it leaves to another reader', async () => {
    const numbers = (name: string) => ({ numbers: [{ name, nullAs: 0 }], texts: [] });
    const zstd = await duckDbFile('SELECT CAST(1 AS DOUBLE) AS v', 'COMPRESSION zstd');
    const timestamp = await duckDbFile("SELECT TIMESTAMP '2024-03-04 05:06:07' AS v");

    expect(() => readFlatColumns(zstd, numbers('v'))).toThrow(UnsupportedParquetLayout);
    expect(() => readFlatColumns(zstd, numbers('v'))).toThrow(/ZSTD/);
    expect(() => readFlatColumns(timestamp, numbers('v'))).toThrow(/not a plain number/);
    expect(() => readFlatColumns(timestamp, numbers('missing'))).toThrow(/not in the file/);
  });

  test('a damaged file fails with an error or reads, but never writes outside its rows', async () => {
    const good = await duckDbFile(MANY.replace('range(20000)', 'range(3000)'));
    const rows = 3000;
    const request = {
      numbers: [
        { name: 'bucket_utc', nullAs: 0 },
        { name: 'sessions', nullAs: 0 },
      ],
      texts: ['dma_code'],
    };
    let failed = 0;
    // Every 13th byte of the file (page headers, levels, indices, values and the footer) set to
    // each of three values in turn.
    for (let at = 0; at < good.length; at += 13) {
      for (const value of [0x00, 0x7f, 0xff]) {
        const bad = good.slice();
        bad[at] = value;
        const guard = 4;
        const numbers = [new Float64Array(rows + 2 * guard), new Float64Array(rows + 2 * guard)];
        const texts = [new Int32Array(rows + 2 * guard)];
        for (const a of [...numbers, ...texts]) a.fill(-7);
        try {
          readFlatColumns(bad, request, { numbers, texts, at: guard });
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          failed++;
        }
        for (const a of [...numbers, ...texts]) {
          expect(Array.from(a.subarray(0, guard))).toEqual([-7, -7, -7, -7]);
          expect(Array.from(a.subarray(guard + rows))).toEqual([-7, -7, -7, -7]);
        }
      }
    }
    expect(failed).toBeGreaterThan(0);
  });
});
