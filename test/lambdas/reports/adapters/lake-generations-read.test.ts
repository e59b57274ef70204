import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { athenaAiringsSql, athenaVisitsSql } from '../../../../lambdas/reports/adapters/athena-sql';
import {
  DuckDbQueryEngine,
  openDuckDb,
} from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { partitionKey } from '../../../../layers/shared/lake';
import type { LakeGenerationReader } from '../../../../layers/shared/lake-generations';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const H = 3600;
let dir: string;

/** Writes one Parquet object the way s3rver stores `<key>`. */
async function writeObject(key: string, select: string) {
  const path = join(dir, `${key}._S3rver_object`);
  mkdirSync(join(path, '..'), { recursive: true });
  const conn = await openDuckDb();
  await conn.run(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
  conn.closeSync();
}

const airing = (id: string, start: number) =>
  `SELECT '${id}-key' AS airing_key, '${id}' AS airing_id, 'Acme' AS advertiser, CAST(${start} AS BIGINT) AS start_utc,
   '501' AS market, 'America/New_York' AS tz, 'WABC' AS station, 'tv' AS station_type, CAST(NULL AS VARCHAR) AS network,
   'News' AS program, CAST(NULL AS VARCHAR) AS cable_zone, 'SPOT-A' AS creative, CAST(30 AS INTEGER) AS length_s,
   CAST(100 AS BIGINT) AS cost_cents, CAST(NULL AS BIGINT) AS impressions`;

/** A pointer reader whose answer the test sets. */
const pointer = (gen: string): LakeGenerationReader => ({ current: async () => gen });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lake-gen-'));
  // The legacy generation, the current one (g2: a1 kept, a2 added on the next day), and an
  // import's unfinished one (g3) in the same folders.
  await writeObject(partitionKey('c1', 'airings', '2024-03-04'), airing('a1', MAR4 + H));
  await writeObject(partitionKey('c1', 'airings', '2024-03-04', 'g2'), airing('a1', MAR4 + H));
  await writeObject(partitionKey('c1', 'airings', '2024-03-05', 'g2'), airing('a2', MAR4 + 25 * H));
  await writeObject(partitionKey('c1', 'airings', '2024-03-04', 'g3'), airing('x1', MAR4 + 2 * H));
  await writeObject(partitionKey('c1', 'airings', '2024-03-06', 'g3'), airing('x2', MAR4 + 50 * H));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lake readers read one generation of a dataset', () => {
  test.each([
    ['the legacy objects before any import switched', 'airings', ['a1']],
    ['the current generation only, never an unfinished one beside it', 'g2', ['a1', 'a2']],
    ['a switched-to generation whole', 'g3', ['x1', 'x2']],
  ])('DuckDB: %s', async (_, gen, ids) => {
    const engine = new DuckDbQueryEngine(dir, pointer(gen));

    const airings = await engine.extractAirings('c1', MAR4, MAR4 + 3 * 86400);

    expect(airings.map((a) => a.id)).toEqual(ids);
  });

  test('Athena: every query keeps only the objects of the current generation', () => {
    expect(athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, 'g2')).toContain(
      `"$path" LIKE '%/g2.parquet'`,
    );
    expect(athenaVisitsSql('db', 'c1', 'minute', MAR4, MAR4 + 86400, 'sessions')).toContain(
      `"$path" LIKE '%/visits.parquet'`,
    );
  });

  test('Athena: a generation name that could widen the pattern is refused', () => {
    expect(() => athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, '%')).toThrow(RangeError);
    expect(() => athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, "g' OR '1")).toThrow(RangeError);
  });
});
