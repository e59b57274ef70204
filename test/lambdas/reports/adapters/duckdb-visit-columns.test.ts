import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ColumnPool } from '../../../../lambdas/reports/adapters/duckdb-column-pool';
import { lakeFiles, visitsDir } from '../../../../lambdas/reports/adapters/duckdb-lake-files';
import { openDuckDb } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { visitsScanSql, visitsSql } from '../../../../lambdas/reports/adapters/duckdb-sql';
import {
  readVisitColumns,
  scanLakeVisits,
} from '../../../../lambdas/reports/adapters/duckdb-visit-columns';
import { dmaCodesOf } from '../fakes';
import { writeLakeObject } from '../lake-fixture';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const H = 3600;
let dir: string;

const visitRow = (t: number, dma: string, sessions: number) =>
  `SELECT CAST(${t} AS BIGINT) AS bucket_utc, ${dma} AS dma_code, CAST(${sessions} AS INTEGER) AS sessions,
   CAST(0 AS INTEGER) AS new_users, CAST(0 AS INTEGER) AS pageviews`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lake-'));
  await writeLakeObject(
    dir,
    'visits/client_uid=c1/resolution=minute/date=2024-03-04/visits.parquet',
    [
      visitRow(MAR4 + 60, "'501'", 3),
      visitRow(MAR4 + 60, "''", 2),
      visitRow(MAR4 + 120, 'NULL', 1),
      visitRow(MAR4 + 23 * H, "'803'", 7),
    ].join(' UNION ALL '),
  );
  await writeLakeObject(
    dir,
    'visits/client_uid=c1/resolution=minute/date=2024-03-05/visits.parquet',
    visitRow(MAR4 + 24 * H, "'501'", 4),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The columns DuckDB's Parquet reader decodes for `sql` (EXPLAIN's READ_PARQUET projections). */
async function parquetColumnsRead(sql: string): Promise<string[]> {
  const conn = await openDuckDb();
  const plan = JSON.parse(
    String((await conn.runAndReadAll(`EXPLAIN (FORMAT json) ${sql}`)).getRowsJS()[0]?.[1]),
  );
  conn.closeSync();
  const found: string[] = [];
  const walk = (node: {
    name?: string;
    children?: unknown[];
    extra_info?: { Projections?: string | string[] };
  }) => {
    if (node.name === 'READ_PARQUET') found.push(...[node.extra_info?.Projections ?? []].flat());
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  for (const root of [plan].flat()) walk(root);
  return found.sort();
}

describe('the plain scan the benchmark compares the columnar read with', () => {
  test('decodes every column the columnar read returns, over the whole range (a fair floor)', async () => {
    const files = await lakeFiles(dir, visitsDir('c1', 'minute'), '2024-03-01', '2024-03-09');
    // A range wider than the data: DuckDB then skips the bucket filter by the file statistics,
    // so a scan that only filters on bucket_utc would not decode it at all.
    const from = MAR4 - 86_400;
    const to = MAR4 + 2 * 86_400;

    const read = await parquetColumnsRead(visitsSql(files, from, to, 'sessions', null));
    const scan = await parquetColumnsRead(visitsScanSql(files, from, to, 'sessions'));

    expect(read).toEqual(['bucket_utc', 'dma_code', 'sessions']);
    expect(scan).toEqual(read);
  });

  test('counts and sums the same rows as the columnar read', async () => {
    const out = await scanLakeVisits({
      lakeDir: dir,
      clientUid: 'c1',
      resolution: 'minute',
      fromUtc: MAR4,
      toUtc: MAR4 + 2 * 86400,
    });

    expect(out).toEqual({ rows: 5, total: 3 + 2 + 1 + 7 + 4 });
  });

  test('reads that reuse their output arrays give the same rows as fresh reads, range after range', async () => {
    const conn = await openDuckDb();
    const files = await lakeFiles(dir, visitsDir('c1', 'minute'), '2024-03-01', '2024-03-09');
    const read = (from: number, to: number, pool?: ColumnPool) =>
      readVisitColumns(
        conn,
        files,
        from,
        to,
        (dmas) => visitsSql(files, from, to, 'sessions', dmas),
        pool,
      );
    const rows = (v: Awaited<ReturnType<typeof read>>) =>
      Array.from(v.bucketUtc, (t, i) => [t, dmaCodesOf(v)[i], v.values[i]]);
    const pool = new ColumnPool();
    const ranges = [
      [MAR4, MAR4 + 2 * 86400],
      [MAR4 + 90, MAR4 + 2 * 86400],
      [MAR4, MAR4 + 2 * 86400],
      [MAR4, MAR4 + 2 * 86400],
    ] as const;

    for (const [from, to] of ranges) {
      const fresh = rows(await read(from, to));
      expect(rows(await read(from, to, pool))).toEqual(fresh);
    }
    conn.closeSync();
  });
});
