import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { partitionKey } from '#shared/lake';
import type { LakeGenerationReader } from '#shared/lake-generations';
import { athenaAiringsSql, athenaVisitsSql } from '../../../../lambdas/reports/adapters/athena-sql';
import { DuckDbQueryEngine } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { airingSelect, writeLakeObject } from '../lake-fixture';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const H = 3600;
let dir: string;

/** A pointer reader whose answer the test sets. */
const pointer = (gen: string): LakeGenerationReader => ({ current: async () => gen });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lake-gen-'));
  // The legacy generation, the current one (g2: a1 kept, a2 added on the next day), and an
  // import's unfinished one (g3) in the same folders.
  await writeLakeObject(
    dir,
    partitionKey('c1', 'airings', '2024-03-04'),
    airingSelect('a1', MAR4 + H),
  );
  await writeLakeObject(
    dir,
    partitionKey('c1', 'airings', '2024-03-04', 'g2'),
    airingSelect('a1', MAR4 + H),
  );
  await writeLakeObject(
    dir,
    partitionKey('c1', 'airings', '2024-03-05', 'g2'),
    airingSelect('a2', MAR4 + 25 * H),
  );
  await writeLakeObject(
    dir,
    partitionKey('c1', 'airings', '2024-03-04', 'g3'),
    airingSelect('x1', MAR4 + 2 * H),
  );
  await writeLakeObject(
    dir,
    partitionKey('c1', 'airings', '2024-03-06', 'g3'),
    airingSelect('x2', MAR4 + 50 * H),
  );
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
    const airings = athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, 'g2');
    expect(airings.sql).toContain(`"$path" LIKE ?`);
    expect(airings.params).toContain("'%/g2.parquet'");
    const visits = athenaVisitsSql('db', 'c1', 'minute', MAR4, MAR4 + 86400, 'sessions');
    expect(visits.sql).toContain(`"$path" LIKE ?`);
    expect(visits.params).toContain("'%/visits.parquet'");
  });

  test('Athena: a generation name that could widen the pattern is refused', () => {
    expect(() => athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, '%')).toThrow(RangeError);
    expect(() => athenaAiringsSql('db', 'c1', MAR4, MAR4 + 86400, "g' OR '1")).toThrow(RangeError);
  });
});
