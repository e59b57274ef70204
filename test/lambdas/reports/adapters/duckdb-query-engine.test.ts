import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DuckDbQueryEngine } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { dmaCodesOf } from '../fakes';
import { airingSelect, writeLakeObject } from '../lake-fixture';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const H = 3600;
let dir: string;

const visitRow = (t: number, dma: string, sessions: number, newUsers: number, pageviews: number) =>
  `SELECT CAST(${t} AS BIGINT) AS bucket_utc, ${dma} AS dma_code, CAST(${sessions} AS INTEGER) AS sessions,
   CAST(${newUsers} AS INTEGER) AS new_users, CAST(${pageviews} AS INTEGER) AS pageviews`;

const storeRow = (t: number, location: string, dma: string, visits: number) =>
  `SELECT CAST(${t} AS BIGINT) AS bucket_utc, '${location}' AS location_id, ${dma} AS dma_code,
   CAST(${visits} AS DOUBLE) AS visits`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lake-'));
  await writeLakeObject(
    dir,
    'airings/client_uid=c1/date=2024-03-04/airings.parquet',
    `${airingSelect('a2', MAR4 + 20 * H, '15000')} UNION ALL ${airingSelect('a1', MAR4 + 10 * H, 'NULL')}`,
  );
  await writeLakeObject(
    dir,
    'airings/client_uid=c1/date=2024-03-05/airings.parquet',
    airingSelect('a3', MAR4 + 30 * H, '9900'),
  );
  await writeLakeObject(
    dir,
    'airings/client_uid=c1/date=2024-03-06/airings.parquet',
    airingSelect('a4', MAR4 + 48 * H, '100'),
  );
  await writeLakeObject(
    dir,
    'airings/client_uid=c2/date=2024-03-04/airings.parquet',
    airingSelect('other', MAR4 + 11 * H, '1'),
  );
  await writeLakeObject(
    dir,
    'visits/client_uid=c1/resolution=minute/date=2024-03-04/visits.parquet',
    [
      visitRow(MAR4 + 60, "'501'", 3, 1, 5),
      visitRow(MAR4 + 60, "''", 2, 2, 4),
      visitRow(MAR4 + 120, 'NULL', 1, 0, 1),
      visitRow(MAR4 + 23 * H, "'803'", 7, 3, 9),
    ].join(' UNION ALL '),
  );
  await writeLakeObject(
    dir,
    'visits/client_uid=c1/resolution=minute/date=2024-03-05/visits.parquet',
    visitRow(MAR4 + 24 * H, "'501'", 4, 4, 4),
  );
  await writeLakeObject(
    dir,
    'visits/client_uid=c1/resolution=hour/date=2024-03-07/visits.parquet',
    visitRow(MAR4 + 72 * H, "'501'", 50, 10, 80),
  );
  await writeLakeObject(
    dir,
    'foot-traffic/client_uid=c1/resolution=hour/date=2024-03-04/foot-traffic.parquet',
    [
      storeRow(MAR4 + 10 * H, 'Store #1', "'501'", 8),
      storeRow(MAR4 + 10 * H, 'Store #2', "'501'", 4),
      storeRow(MAR4 + 10 * H, 'Mall kiosk', 'NULL', 1),
      storeRow(MAR4 + 11 * H, 'Store #1', "'501'", 6),
    ].join(' UNION ALL '),
  );
  // c3: an object written before the engagement columns, then one with them (one row null).
  await writeLakeObject(
    dir,
    'visits/client_uid=c3/resolution=minute/date=2024-03-04/visits.parquet',
    visitRow(MAR4 + 60, "'501'", 3, 1, 5),
  );
  await writeLakeObject(
    dir,
    'visits/client_uid=c3/resolution=minute/date=2024-03-05/visits.parquet',
    `${visitRow(MAR4 + 24 * H, "'501'", 10, 4, 12)}, CAST(6 AS DOUBLE) AS engaged_sessions,
       CAST(420.5 AS DOUBLE) AS engagement_s
     UNION ALL ${visitRow(MAR4 + 24 * H + 60, "'501'", 2, 1, 2)}, CAST(NULL AS DOUBLE) AS engaged_sessions,
       CAST(NULL AS DOUBLE) AS engagement_s`,
  );
  // c4: DMA codes as stored by other writers: a leading zero, text, and numbers whose order as
  // numbers differs from their order as text.
  await writeLakeObject(
    dir,
    'visits/client_uid=c4/resolution=minute/date=2024-03-04/visits.parquet',
    [
      visitRow(MAR4 + 60, "'0501'", 1, 0, 1),
      visitRow(MAR4 + 60, "'501'", 2, 0, 2),
      visitRow(MAR4 + 120, "'x'", 3, 0, 3),
      visitRow(MAR4 + 180, "''", 4, 0, 4),
    ].join(' UNION ALL '),
  );
  await writeLakeObject(
    dir,
    'foot-traffic/client_uid=c4/resolution=hour/date=2024-03-04/foot-traffic.parquet',
    [
      storeRow(MAR4 + 10 * H, 'A', "'99'", 1),
      storeRow(MAR4 + 10 * H, 'B', "'501'", 2),
      storeRow(MAR4 + 10 * H, 'C', "''", 3),
      storeRow(MAR4 + 10 * H, 'D', "'1000'", 4),
    ].join(' UNION ALL '),
  );
  // s3rver's side files next to an object are not Parquet and must be skipped
  writeFileSync(
    join(
      dir,
      'visits/client_uid=c1/resolution=minute/date=2024-03-04/visits.parquet._S3rver_metadata.json',
    ),
    '{}',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('DuckDbQueryEngine', () => {
  test('extracts the airings in [from, to) across date partitions, ordered by start', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const airings = await engine.extractAirings('c1', MAR4 + 10 * H, MAR4 + 48 * H);

    expect(airings.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
    expect(airings[0]).toEqual({
      id: 'a1',
      startUtc: MAR4 + 10 * H,
      market: '501',
      tz: 'America/New_York',
      station: 'WABC',
      stationType: 'tv',
      network: null,
      program: 'News',
      cableZone: null,
      creative: 'SPOT-A',
      lengthS: 30,
      costCents: null,
      impressions: null,
    });
    expect(airings[1]?.costCents).toBe(15000);
  });

  test("extracts the method's metric with unknown geography as '' and the exact epoch range", async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractVisits(
      'c1',
      'minute',
      MAR4 + 60,
      MAR4 + 24 * H + 60,
      'pageviews',
    );

    const rows = Array.from(v.bucketUtc, (t, i) => [t - MAR4, dmaCodesOf(v)[i], v.values[i]]);
    rows.sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1])));
    expect(rows).toEqual([
      [60, '', 4],
      [60, '501', 5],
      [120, '', 1],
      [23 * H, '803', 9],
      [24 * H, '501', 4],
    ]);
  });

  test('a DMA code stored with a leading zero or as text comes back exactly as stored', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractVisits('c4', 'minute', MAR4, MAR4 + 86400, 'sessions');

    const rows = Array.from(v.bucketUtc, (t, i) => [t - MAR4, dmaCodesOf(v)[i], v.values[i]]);
    rows.sort((a, b) => Number(a[2]) - Number(b[2]));
    expect(rows).toEqual([
      [60, '0501', 1],
      [60, '501', 2],
      [120, 'x', 3],
      [180, '', 4],
    ]);
  });

  test('foot traffic: rows of one bucket come ordered by DMA code as text, unknown first', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractFootTraffic('c4', 'hour', MAR4, MAR4 + 86400);

    expect(dmaCodesOf(v)).toEqual(['', '1000', '501', '99']);
    expect(Array.from(v.values)).toEqual([3, 4, 2, 1]);
  });

  test('reads new users for newuserbaseline and leaves out rows before the range start', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractVisits(
      'c1',
      'minute',
      MAR4 + 61,
      MAR4 + 24 * H,
      'newuserbaseline',
    );

    expect(Array.from(v.values).sort()).toEqual([0, 3]);
  });

  test('reads asked for all at once on one engine give what they give one at a time', async () => {
    const reads = (engine: DuckDbQueryEngine) => [
      () => engine.extractVisits('c1', 'minute', MAR4, MAR4 + 2 * 86400, 'sessions'),
      () => engine.extractAirings('c1', MAR4, MAR4 + 3 * 86400),
      () => engine.extractDigital('c3', 'minute', MAR4, MAR4 + 2 * 86400),
      () => engine.hasVisits('c1', 'hour', MAR4, MAR4 + 4 * 86400),
      () => engine.extractFootTraffic('c4', 'hour', MAR4, MAR4 + 86400),
      () => engine.footTrafficLocations('c4', 'hour', MAR4, MAR4 + 86400),
      () => engine.extractVisits('c1', 'hour', MAR4, MAR4 + 4 * 86400, 'pageviews'),
    ];
    const oneByOne: unknown[] = [];
    for (const read of reads(new DuckDbQueryEngine(dir))) oneByOne.push(await read());

    const together = await Promise.all(reads(new DuckDbQueryEngine(dir)).map((read) => read()));

    expect(together).toEqual(oneByOne);
  });

  test('tells whether visits exist at a resolution in a range', async () => {
    const engine = new DuckDbQueryEngine(dir);

    expect(await engine.hasVisits('c1', 'minute', MAR4, MAR4 + 86400)).toBe(true);
    expect(await engine.hasVisits('c1', 'minute', MAR4 + 2 * 86400, MAR4 + 4 * 86400)).toBe(false);
    expect(await engine.hasVisits('c1', 'hour', MAR4 + 2 * 86400, MAR4 + 4 * 86400)).toBe(true);
  });

  test('answers nothing, without an error, for a client with no lake files', async () => {
    const engine = new DuckDbQueryEngine(dir);

    expect(await engine.extractAirings('nobody', MAR4, MAR4 + 86400)).toEqual([]);
    expect(
      (await engine.extractVisits('nobody', 'minute', MAR4, MAR4 + 86400, 'sessions')).values
        .length,
    ).toBe(0);
    expect(await engine.hasVisits('nobody', 'hour', MAR4, MAR4 + 86400)).toBe(false);
  });

  test('refuses a client uid that could leave the lake folder', async () => {
    const engine = new DuckDbQueryEngine(dir);

    await expect(engine.extractAirings('../c1', MAR4, MAR4 + 86400)).rejects.toThrow('client_uid');
  });

  test('foot traffic: store visits summed per bucket and DMA over the locations', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400);

    const rows = Array.from(v.bucketUtc, (t, i) => [t, dmaCodesOf(v)[i], v.values[i]]);
    expect(rows).toEqual([
      [MAR4 + 10 * H, '', 1],
      [MAR4 + 10 * H, '501', 12],
      [MAR4 + 11 * H, '501', 6],
    ]);
    expect(await engine.hasFootTraffic('c1', 'hour', MAR4, MAR4 + 86400)).toBe(true);
    expect(await engine.hasFootTraffic('c1', 'minute', MAR4, MAR4 + 86400)).toBe(false);
    expect(await engine.hasFootTraffic('c1', 'hour', MAR4 + 11 * H + 1, MAR4 + 86400)).toBe(false);
  });

  test('foot traffic: locations by store visits over the range', async () => {
    const engine = new DuckDbQueryEngine(dir);

    expect(await engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400)).toEqual([
      { location_id: 'Store #1', dma_code: '501', visits: 14 },
      { location_id: 'Store #2', dma_code: '501', visits: 4 },
      { location_id: 'Mall kiosk', dma_code: '', visits: 1 },
    ]);
    expect(await engine.footTrafficLocations('nobody', 'hour', MAR4, MAR4 + 86400)).toEqual([]);
  });

  test('foot traffic: a store with opening hours counts only the visits inside them; others count all', async () => {
    const engine = new DuckDbQueryEngine(dir);
    // Monday March 4 2024. Store #1 opens 05:00-06:00 New York time (EST) = 10:00-11:00 UTC, so
    // its 11:00 UTC bucket is outside; Store #2 opens only on Tuesdays.
    const open = [
      {
        location_id: 'Store #1',
        timezone: 'America/New_York',
        rules: [{ isodow: 1, fromMin: 300, toMin: 360 }],
      },
      { location_id: 'Store #2', timezone: 'UTC', rules: [{ isodow: 2, fromMin: 0, toMin: 1440 }] },
    ];

    const v = await engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400, open);
    const locations = await engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400, open);

    expect(Array.from(v.bucketUtc, (t, i) => [t, dmaCodesOf(v)[i], v.values[i]])).toEqual([
      [MAR4 + 10 * H, '', 1],
      [MAR4 + 10 * H, '501', 8],
    ]);
    expect(locations).toEqual([
      { location_id: 'Store #1', dma_code: '501', visits: 8 },
      { location_id: 'Mall kiosk', dma_code: '', visits: 1 },
    ]);
  });

  test('foot traffic: a store id with a quote in it cannot break out of the filter', async () => {
    const engine = new DuckDbQueryEngine(dir);
    const open = [
      { location_id: "x') OR (1=1", timezone: "UTC') OR (1=1", rules: [] },
      { location_id: 'y', timezone: "U'TC", rules: [{ isodow: 1, fromMin: 0, toMin: 1 }] },
    ];

    const locations = await engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400, open);

    expect(locations.map((l) => l.visits)).toEqual([14, 4, 1]);
  });

  test('Pro Digital metrics: older objects without the engagement columns read as not measured', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractDigital('c3', 'minute', MAR4, MAR4 + 2 * 86400);

    const rows = Array.from(v.bucketUtc, (t, i) => [
      t - MAR4,
      dmaCodesOf(v)[i],
      v.sessions[i],
      v.newUsers[i],
      v.engagedSessions[i],
      v.engagementS[i],
    ]);
    rows.sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(rows).toEqual([
      [60, '501', 3, 1, Number.NaN, Number.NaN],
      [24 * H, '501', 10, 4, 6, 420.5],
      [24 * H + 60, '501', 2, 1, Number.NaN, Number.NaN],
    ]);
  });

  test('Pro Digital metrics read when no object has the engagement columns at all', async () => {
    const engine = new DuckDbQueryEngine(dir);

    const v = await engine.extractDigital('c1', 'minute', MAR4, MAR4 + 86400);

    expect(Array.from(v.sessions).sort((a, b) => a - b)).toEqual([1, 2, 3, 7]);
    expect(Array.from(v.engagedSessions).every(Number.isNaN)).toBe(true);
    expect(Array.from(v.engagementS).every(Number.isNaN)).toBe(true);
    expect((await engine.extractDigital('nobody', 'minute', MAR4, MAR4 + 86400)).sessions).toEqual(
      new Float64Array(0),
    );
  });
});
