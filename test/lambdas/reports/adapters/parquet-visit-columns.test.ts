import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeVisits } from '../../../../lambdas/imports/adapters/parquet-codec';
import { ColumnPool } from '../../../../lambdas/reports/adapters/duckdb-column-pool';
import { lakeFiles, visitsDir } from '../../../../lambdas/reports/adapters/duckdb-lake-files';
import { openDuckDb } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { visitsSql } from '../../../../lambdas/reports/adapters/duckdb-sql';
import {
  readLakeVisits,
  readVisitColumns,
} from '../../../../lambdas/reports/adapters/duckdb-visit-columns';
import { readParquetVisits } from '../../../../lambdas/reports/adapters/parquet-visit-columns';
import type { VisitColumnsResult } from '../../../../lambdas/reports/core/ports';
import { dmaCodesOf } from '../fakes';
import { writeLakeObject } from '../lake-fixture';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const DAY = 86_400;
let dir: string;

/** A lake day of minutes from DuckDB: DMAs 501, 803, '' and NULL, null sessions every 7th row. */
const duckDbDay = (day: number, dma = 'CAST(500 + i % 4 AS VARCHAR)') =>
  `SELECT CAST(${MAR4 + day * DAY} + (i // 4) * 60 AS BIGINT) AS bucket_utc,
     CASE WHEN i % 4 = 0 THEN '' WHEN i % 4 = 2 THEN NULL WHEN i % 4 = 3 THEN '803' ELSE ${dma} END AS dma_code,
     CASE WHEN i % 7 = 0 THEN NULL ELSE CAST(i % 9 AS DOUBLE) END AS sessions,
     CAST(i % 3 AS DOUBLE) AS new_users, CAST(i % 5 AS DOUBLE) AS pageviews
   FROM range(${4 * 1440}) t(i)`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parquet-visits-'));
  for (const day of [0, 1, 2])
    await writeLakeObject(
      dir,
      `visits/client_uid=duck/resolution=minute/date=2024-03-0${4 + day}/visits.parquet`,
      duckDbDay(day),
    );
  await writeLakeObject(
    dir,
    'visits/client_uid=padded/resolution=minute/date=2024-03-04/visits.parquet',
    duckDbDay(0, "'0501'"),
  );
  // The lake's own encoder (what imports and the GA4 pull write): hyparquet-writer, pages v2.
  const n = 3 * 1440;
  const own = encodeVisits({
    resolution: 'minute',
    length: n,
    bucketUtc: Float64Array.from({ length: n }, (_, i) => MAR4 + Math.floor(i / 3) * 60),
    dmaIndex: Uint16Array.from({ length: n }, (_, i) => i % 3),
    dmaCodes: ['', '501', '602'],
    sessions: Float64Array.from({ length: n }, (_, i) => (i * 7) % 11),
    newUsers: new Float64Array(n),
    pageviews: Float64Array.from({ length: n }, (_, i) => i % 2),
  });
  const key = 'visits/client_uid=own/resolution=minute/date=2024-03-04/visits.parquet';
  mkdirSync(join(dir, key, '..'), { recursive: true });
  writeFileSync(join(dir, `${key}._S3rver_object`), own);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (v: VisitColumnsResult) => {
  const dmas = dmaCodesOf(v);
  return Array.from(v.bucketUtc, (t, i) => [t, dmas[i], v.values[i]]);
};

async function duckDbRead(files: string[], from: number, to: number) {
  const conn = await openDuckDb();
  const read = await readVisitColumns(conn, files, from, to, (dmas) =>
    visitsSql(files, from, to, 'sessions', dmas),
  );
  conn.closeSync();
  return read;
}

const filesOf = (client: string) =>
  lakeFiles(dir, visitsDir(client, 'minute'), '2024-03-01', '2024-03-09');

describe('reading the visits Parquet straight into typed arrays', () => {
  test('gives the rows DuckDB gives, in its order: range, null sessions as 0, unknown DMAs as index 0', async () => {
    const files = await filesOf('duck');
    // From mid-morning of the first day to the middle of the third.
    const from = MAR4 + 10 * 3600 + 30;
    const to = MAR4 + 2 * DAY + 12 * 3600;

    const direct = readParquetVisits(files, from, to, 'sessions');
    const duck = await duckDbRead(files, from, to);

    expect(direct).not.toBeNull();
    expect(rows(direct as VisitColumnsResult)).toEqual(rows(duck));
    expect(direct?.dmaCodes).toEqual(duck.dmaCodes);
    expect(direct?.bucketUtc.length).toBe(duck.bucketUtc.length);
    expect(Math.min(...(direct?.bucketUtc ?? []))).toBeGreaterThanOrEqual(from);
  });

  test("reads the lake's own files (hyparquet-writer) as DuckDB does", async () => {
    const files = await filesOf('own');
    const direct = readParquetVisits(files, MAR4, MAR4 + DAY, 'pageviews');
    const conn = await openDuckDb();
    const duck = await readVisitColumns(conn, files, MAR4, MAR4 + DAY, (dmas) =>
      visitsSql(files, MAR4, MAR4 + DAY, 'pageviews', dmas),
    );
    conn.closeSync();

    expect(rows(direct as VisitColumnsResult)).toEqual(rows(duck));
    expect(rows(direct as VisitColumnsResult).slice(0, 4)).toEqual([
      [MAR4, '', 0],
      [MAR4, '501', 1],
      [MAR4, '602', 0],
      [MAR4 + 60, '', 1],
    ]);
  });

  test('a DMA code that is not a plain number is left to DuckDB, which keeps it as stored', async () => {
    const files = await filesOf('padded');
    const conn = await openDuckDb();

    expect(readParquetVisits(files, MAR4, MAR4 + DAY, 'sessions')).toBeNull();
    const read = await readLakeVisits(conn, files, MAR4, MAR4 + DAY, 'sessions');
    conn.closeSync();

    expect(new Set(dmaCodesOf(read))).toEqual(new Set(['', '0501', '803']));
    expect(rows(read)).toEqual(rows(await duckDbRead(files, MAR4, MAR4 + DAY)));
  });

  test('a file in a layout the direct read does not decode is read by DuckDB, with the same rows', async () => {
    const files = (await filesOf('duck')).slice(0, 1);
    const conn = await openDuckDb();
    // The first day rewritten with ZSTD pages, which only DuckDB decodes.
    const zstd = [join(dir, 'zstd.parquet')];
    await conn.run(
      `COPY (SELECT * FROM read_parquet('${files[0]}')) TO '${zstd[0]}' (FORMAT parquet, COMPRESSION zstd)`,
    );

    expect(readParquetVisits(zstd, MAR4, MAR4 + DAY, 'sessions')).toBeNull();
    const read = await readLakeVisits(conn, zstd, MAR4, MAR4 + DAY, 'sessions');
    conn.closeSync();

    expect(read.bucketUtc.length).toBe(4 * 1440);
    expect(rows(read)).toEqual(rows(await duckDbRead(files, MAR4, MAR4 + DAY)));
  });

  test('reads with kept arrays give the rows of fresh reads, range after range', async () => {
    const files = await filesOf('duck');
    const pool = new ColumnPool();
    const ranges = [
      [MAR4, MAR4 + 3 * DAY],
      [MAR4 + 90, MAR4 + DAY],
      [MAR4, MAR4 + 3 * DAY],
      [MAR4 + DAY, MAR4 + 2 * DAY + 60],
    ] as const;

    for (const [from, to] of ranges) {
      const fresh = rows(readParquetVisits(files, from, to, 'sessions') as VisitColumnsResult);
      const kept = readParquetVisits(files, from, to, 'sessions', pool) as VisitColumnsResult;
      expect(rows(kept)).toEqual(fresh);
    }
  });

  test('no files read as no rows', () => {
    expect(readParquetVisits([], MAR4, MAR4 + DAY, 'sessions')).toEqual({
      bucketUtc: new Float64Array(0),
      dmaIndex: new Int32Array(0),
      dmaCodes: [''],
      values: new Float64Array(0),
    });
  });
});
