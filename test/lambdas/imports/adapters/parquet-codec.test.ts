import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, test } from 'vitest';
import { airingsObjectKey, footTrafficObjectKey, visitsObjectKey } from '#shared/lake';
import {
  decodeAirings,
  decodeFootTraffic,
  decodeVisits,
  encodeAirings,
  encodeFootTraffic,
  encodeVisits,
} from '../../../../lambdas/imports/adapters/parquet-codec';
import { FootTrafficBuilder } from '../../../../lambdas/imports/core/foot-traffic-builder';
import type { StoredAiring } from '../../../../lambdas/imports/core/lake-rows';
import { VisitsBuilder } from '../../../../lambdas/imports/core/parse-visits';

const dir = mkdtempSync(join(tmpdir(), 'lake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const save = (key: string, bytes: Uint8Array) => {
  mkdirSync(dirname(join(dir, key)), { recursive: true });
  writeFileSync(join(dir, key), bytes);
};

const base: StoredAiring = {
  airing_key: 'k1',
  airing_id: '1',
  advertiser: 'Acme',
  start_utc: 1464795006,
  market: '807',
  tz: 'America/Los_Angeles',
  station: 'KDTV',
  station_type: 'tv',
  network: null,
  program: 'Despierta America',
  cable_zone: null,
  creative: 'PolAd_1',
  length_s: 30,
  cost_cents: null,
  impressions: null,
};
const airings: StoredAiring[] = [
  base,
  {
    ...base,
    airing_key: 'k2',
    market: 'national',
    cost_cents: 123456,
    impressions: 1500.5,
    creative: null,
  },
];

describe('Parquet lake partitions', () => {
  test('airings round-trip through hyparquet unchanged', async () => {
    expect(await decodeAirings(encodeAirings(airings))).toEqual(airings);
  });

  test('visits round-trip, unknown geography kept as an empty dma_code', async () => {
    const b = new VisitsBuilder('minute');
    b.add(1464795000, '807', 3, 1, 5);
    b.add(1464795060, '', 2, 0, 2.5);
    const visits = b.build();

    const back = await decodeVisits(encodeVisits(visits), 'minute');

    expect(back).toEqual(visits);
  });

  test('foot traffic round-trips: ids with spaces and #, unknown DMA, fractional visits', async () => {
    const b = new FootTrafficBuilder('hour');
    b.add(1464793200, 'Store #12', '807', 37);
    b.add(1464793200, 'S7', '', 2.5);
    b.add(1464796800, 'Store #12', '807', 0);
    const footTraffic = b.build();

    const back = await decodeFootTraffic(encodeFootTraffic(footTraffic), 'hour');

    expect(back).toEqual(footTraffic);
  });

  test('DuckDB reads foot traffic with hive partitions and the contract types', async () => {
    const b = new FootTrafficBuilder('minute');
    b.add(1464795000, 'Store #12', '807', 3);
    b.add(1464795000, 'S7', '', 1);
    save(footTrafficObjectKey('c2', 'minute', '2016-06-01'), encodeFootTraffic(b.build()));
    const db = await (await DuckDBInstance.create()).connect();
    const glob = `${dir}/foot-traffic/*/*/*/*.parquet`;
    const query = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

    const types = await query(
      `DESCRIBE SELECT * FROM read_parquet('${glob}', hive_partitioning=true)`,
    );
    const rows = await query(
      `SELECT client_uid, resolution, bucket_utc::DOUBLE AS b, location_id, dma_code, visits
       FROM read_parquet('${glob}', hive_partitioning=true) ORDER BY location_id`,
    );

    expect(Object.fromEntries(types.map((r) => [r.column_name, r.column_type]))).toMatchObject({
      bucket_utc: 'BIGINT',
      location_id: 'VARCHAR',
      dma_code: 'VARCHAR',
      visits: 'DOUBLE',
      client_uid: 'VARCHAR',
      resolution: 'VARCHAR',
    });
    expect(rows).toEqual([
      {
        client_uid: 'c2',
        resolution: 'minute',
        b: 1464795000,
        location_id: 'S7',
        dma_code: '',
        visits: 1,
      },
      {
        client_uid: 'c2',
        resolution: 'minute',
        b: 1464795000,
        location_id: 'Store #12',
        dma_code: '807',
        visits: 3,
      },
    ]);
  });

  test('DuckDB reads the files with hive partitions and the contract types', async () => {
    save(airingsObjectKey('c1', '2016-06-01'), encodeAirings(airings));
    const b = new VisitsBuilder('hour');
    b.add(1464793200, '807', 10, 4, 12);
    b.add(1464793200, '', 1, 1, 1);
    save(visitsObjectKey('c1', 'hour', '2016-06-01'), encodeVisits(b.build()));
    const db = await (await DuckDBInstance.create()).connect();
    const query = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

    const airingTypes = await query(
      `DESCRIBE SELECT * FROM read_parquet('${dir}/airings/*/*/*.parquet', hive_partitioning=true)`,
    );
    const visitTypes = await query(
      `DESCRIBE SELECT * FROM read_parquet('${dir}/visits/*/*/*/*.parquet', hive_partitioning=true)`,
    );
    const rows = await query(
      `SELECT client_uid, CAST(date AS VARCHAR) AS date, start_utc::DOUBLE AS s, cost_cents::DOUBLE AS c, market
       FROM read_parquet('${dir}/airings/*/*/*.parquet', hive_partitioning=true) ORDER BY airing_key`,
    );
    const visits = await query(
      `SELECT resolution, dma_code, sessions FROM read_parquet('${dir}/visits/*/*/*/*.parquet', hive_partitioning=true) ORDER BY dma_code`,
    );

    const typeOf = (list: typeof airingTypes) =>
      Object.fromEntries(list.map((r) => [r.column_name, r.column_type]));
    expect(typeOf(airingTypes)).toMatchObject({
      airing_key: 'VARCHAR',
      start_utc: 'BIGINT',
      cost_cents: 'BIGINT',
      length_s: 'BIGINT',
      impressions: 'DOUBLE',
      station_type: 'VARCHAR',
      client_uid: 'VARCHAR',
      date: 'DATE',
    });
    expect(typeOf(visitTypes)).toMatchObject({
      bucket_utc: 'BIGINT',
      dma_code: 'VARCHAR',
      sessions: 'DOUBLE',
      new_users: 'DOUBLE',
      pageviews: 'DOUBLE',
      resolution: 'VARCHAR',
    });
    expect(rows).toEqual([
      { client_uid: 'c1', date: '2016-06-01', s: 1464795006, c: null, market: '807' },
      { client_uid: 'c1', date: '2016-06-01', s: 1464795006, c: 123456, market: 'national' },
    ]);
    expect(visits).toEqual([
      { resolution: 'hour', dma_code: '', sessions: 1 },
      { resolution: 'hour', dma_code: '807', sessions: 10 },
    ]);
  });

  test('engaged sessions and engagement seconds round-trip; a row without them stays not measured', async () => {
    const b = new VisitsBuilder('minute');
    b.add(1464795000, '807', 4, 1, 5, 3, 130.5);
    b.add(1464795060, '', 2, 0, 2);
    const visits = b.build();

    const back = await decodeVisits(encodeVisits(visits), 'minute');

    expect(Array.from(back.engagedSessions!)).toEqual([3, Number.NaN]);
    expect(Array.from(back.engagementS!)).toEqual([130.5, Number.NaN]);
    expect(back.sessions).toEqual(visits.sessions);
  });

  test('a visits object written before the engagement columns existed still reads, as not measured', async () => {
    const old = new Uint8Array(
      parquetWriteBuffer({
        codec: 'SNAPPY',
        columnData: [
          { name: 'bucket_utc', data: [1464795000n], type: 'INT64', nullable: false },
          { name: 'dma_code', data: ['807'], type: 'STRING', nullable: false },
          { name: 'sessions', data: [3], type: 'DOUBLE', nullable: false },
          { name: 'new_users', data: [1], type: 'DOUBLE', nullable: false },
          { name: 'pageviews', data: [5], type: 'DOUBLE', nullable: false },
        ],
      }),
    );

    const back = await decodeVisits(old, 'minute');

    expect(back.length).toBe(1);
    expect(back.sessions).toEqual(new Float64Array([3]));
    expect(back.engagedSessions).toBeUndefined();
    expect(back.engagementS).toBeUndefined();
  });

  test('DuckDB reads engagement columns as DOUBLE, null where not measured', async () => {
    const b = new VisitsBuilder('minute');
    b.add(1464795000, '807', 4, 1, 5, 3, 130.5);
    b.add(1464795060, '807', 2, 0, 2);
    save(visitsObjectKey('c3', 'minute', '2016-06-01'), encodeVisits(b.build()));
    const db = await (await DuckDBInstance.create()).connect();
    const glob = `${dir}/visits/client_uid=c3/*/*/*.parquet`;
    const query = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

    const types = await query(`DESCRIBE SELECT * FROM read_parquet('${glob}')`);
    const rows = await query(
      `SELECT engaged_sessions, engagement_s FROM read_parquet('${glob}') ORDER BY bucket_utc`,
    );

    expect(Object.fromEntries(types.map((r) => [r.column_name, r.column_type]))).toMatchObject({
      engaged_sessions: 'DOUBLE',
      engagement_s: 'DOUBLE',
    });
    expect(rows).toEqual([
      { engaged_sessions: 3, engagement_s: 130.5 },
      { engaged_sessions: null, engagement_s: null },
    ]);
  });
});
