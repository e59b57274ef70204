import { GetQueryExecutionCommand, StartQueryExecutionCommand } from '@aws-sdk/client-athena';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, test } from 'vitest';
import { AthenaQueryEngine } from '../../../../lambdas/reports/adapters/athena-query-engine';
import { forEachCsvRow } from '../../../../lambdas/reports/adapters/csv';
import { dmaCodesOf } from '../fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const UNLOAD = 's3://owl-results/athena-results/unload/';

type Column = { name: string; type: 'DOUBLE' | 'STRING'; data: (number | string | null)[] };

/** A Parquet object as Athena's UNLOAD writes it (Snappy; numbers DOUBLE, text VARCHAR). */
const parquet = (...columns: Column[]): Uint8Array =>
  new Uint8Array(
    parquetWriteBuffer({
      columnData: columns.map((c) => ({ ...c, nullable: c.data.includes(null) })),
      codec: 'SNAPPY',
    }),
  );
const num = (name: string, data: (number | null)[]): Column => ({ name, type: 'DOUBLE', data });
const str = (name: string, data: (string | null)[]): Column => ({ name, type: 'STRING', data });

/**
 * A fake Athena + S3 pair at the SDK client level. Each UNLOAD runs for `pending` polls, then its
 * folder holds the Parquet objects `objectsFor(sql)` gives (none: an empty result). `inFlight`
 * counts queries started and not yet read back; `maxInFlight` is its highest value.
 */
function fakes(
  objectsFor: (sql: string) => Uint8Array[],
  opts: { pending?: number; fail?: string; maxConcurrentQueries?: number } = {},
) {
  const sent: object[] = [];
  const folders = new Map<string, Uint8Array[]>();
  const polls = new Map<string, number>();
  const state = { inFlight: 0, maxInFlight: 0, started: 0 };
  const athena = {
    send: async (command: object) => {
      sent.push(command);
      if (command instanceof StartQueryExecutionCommand) {
        const sql = command.input.QueryString ?? '';
        const to = /\nTO '(s3:\/\/[^']+)'/.exec(sql)?.[1];
        if (!to) throw new Error('not an UNLOAD');
        const id = `q-${++state.started}`;
        folders.set(to, objectsFor(sql));
        polls.set(id, 0);
        state.inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        return { QueryExecutionId: id };
      }
      if (command instanceof GetQueryExecutionCommand) {
        const id = command.input.QueryExecutionId ?? '';
        const n = (polls.get(id) ?? 0) + 1;
        polls.set(id, n);
        if (opts.fail)
          return { QueryExecution: { Status: { State: 'FAILED', StateChangeReason: opts.fail } } };
        return {
          QueryExecution: { Status: { State: n <= (opts.pending ?? 0) ? 'RUNNING' : 'SUCCEEDED' } },
        };
      }
      throw new Error('unexpected command');
    },
  };
  const s3 = {
    send: async (command: object) => {
      sent.push(command);
      if (command instanceof ListObjectsV2Command) {
        const folder = `s3://${command.input.Bucket}/${command.input.Prefix}`;
        const objects = folders.get(folder) ?? [];
        state.inFlight--;
        return {
          Contents: objects.map((o, i) => ({
            Key: `${command.input.Prefix}part-${i}`,
            Size: o.length,
          })),
        };
      }
      if (command instanceof GetObjectCommand) {
        const key = command.input.Key ?? '';
        const folder = `s3://${command.input.Bucket}/${key.slice(0, key.lastIndexOf('/') + 1)}`;
        const bytes = folders.get(folder)?.[Number(key.split('part-')[1])];
        if (!bytes) throw new Error(`no object ${key}`);
        return { Body: { transformToByteArray: async () => bytes } };
      }
      throw new Error('unexpected command');
    },
  };
  const sleeps: number[] = [];
  let ids = 0;
  const engine = new AthenaQueryEngine({
    athena,
    s3,
    workgroup: 'wg',
    database: 'owl_lake',
    unloadUri: UNLOAD,
    newId: () => `u${++ids}`,
    ...(opts.maxConcurrentQueries ? { maxConcurrentQueries: opts.maxConcurrentQueries } : {}),
    // Yield on every poll so that concurrent queries really interleave.
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((r) => setImmediate(r));
    },
  });
  const starts = () =>
    sent.filter((c): c is StartQueryExecutionCommand => c instanceof StartQueryExecutionCommand);
  return { engine, sent, sleeps, state, starts };
}

describe('AthenaQueryEngine', () => {
  test('visits: an UNLOAD to Parquet with every value an execution parameter', async () => {
    const { engine, sent, sleeps, starts } = fakes(() => [
      parquet(num('bucket_utc', [1709510460]), str('dma_code', ['501']), num('v', [5])),
      parquet(num('bucket_utc', [1709510460]), str('dma_code', ['']), num('v', [4])),
    ]);

    const v = await engine.extractVisits('c1', 'minute', MAR4, MAR4 + 86400, 'pageviews');

    // The same columns the CSV results gave, from the two objects in key order.
    expect(Array.from(v.bucketUtc)).toEqual([1709510460, 1709510460]);
    expect(dmaCodesOf(v)).toEqual(['501', '']);
    expect(Array.from(v.values)).toEqual([5, 4]);
    const start = starts()[0] as StartQueryExecutionCommand;
    expect(start.input.WorkGroup).toBe('wg');
    expect(start.input.QueryExecutionContext?.Database).toBe('owl_lake');
    const sql = start.input.QueryString ?? '';
    expect(sql).toMatch(/^UNLOAD \(SELECT /);
    expect(sql).toContain(`TO '${UNLOAD}u1/'`);
    expect(sql).toContain("WITH (format = 'PARQUET', compression = 'SNAPPY')");
    expect(sql).toContain('FROM "owl_lake"."visits"');
    expect(sql).toContain('client_uid = ? AND resolution = ?');
    expect(sql).toContain('"date" BETWEEN ? AND ?');
    expect(sql).toContain('"$path" LIKE ?');
    expect(sql).toContain('bucket_utc >= ? AND bucket_utc < ?');
    expect(sql).toContain('coalesce(pageviews, 0)');
    // No value is in the text: neither the client, the dates nor the epochs.
    for (const value of ['c1', '2024-03-04', String(MAR4), String(MAR4 + 86400), 'minute']) {
      expect(sql.replace(UNLOAD, '')).not.toContain(value);
    }
    expect(start.input.ExecutionParameters).toEqual([
      "'c1'",
      "'minute'",
      "'2024-03-04'",
      "'2024-03-04'",
      "'%/visits.parquet'",
      String(MAR4),
      String(MAR4 + 86400),
    ]);
    expect(sleeps).toEqual([]);
    const list = sent.find((c) => c instanceof ListObjectsV2Command) as ListObjectsV2Command;
    expect(list.input).toMatchObject({
      Bucket: 'owl-results',
      Prefix: 'athena-results/unload/u1/',
    });
  });

  test('an object in an encoding the typed-array reader leaves is read by hyparquet, with nulls as before', async () => {
    const split = new Uint8Array(
      parquetWriteBuffer({
        codec: 'SNAPPY',
        columnData: [
          { name: 'bucket_utc', type: 'DOUBLE', data: [60, 120, 180], nullable: false },
          { name: 'dma_code', type: 'STRING', data: ['501', null, '602'], nullable: true },
          { name: 'v', type: 'DOUBLE', data: [1.5, 2, 0], encoding: 'BYTE_STREAM_SPLIT' },
        ],
      }),
    );
    const { engine } = fakes(() => [
      parquet(num('bucket_utc', [0]), str('dma_code', ['803']), num('v', [9])),
      split,
    ]);

    const v = await engine.extractVisits('c1', 'minute', MAR4, MAR4 + 86400, 'sessions');

    expect(Array.from(v.bucketUtc)).toEqual([0, 60, 120, 180]);
    expect(dmaCodesOf(v)).toEqual(['803', '501', '', '602']);
    expect(Array.from(v.values)).toEqual([9, 1.5, 2, 0]);
  });

  test('polls with backoff until the query succeeds, and each query gets its own folder', async () => {
    const { engine, sleeps, starts } = fakes(() => [], { pending: 2 });

    await engine.extractVisits('c1', 'minute', MAR4, MAR4 + 86400, 'sessions');
    await engine.extractVisits('c1', 'minute', MAR4, MAR4 + 86400, 'sessions');

    expect(sleeps).toEqual([100, 200, 100, 200]);
    expect(starts().map((s) => /TO '([^']+)'/.exec(s.input.QueryString ?? '')?.[1])).toEqual([
      `${UNLOAD}u1/`,
      `${UNLOAD}u2/`,
    ]);
  });

  test('Pro Digital metrics: NaN and null engagement cells read as not measured', async () => {
    const { engine, starts } = fakes(() => [
      parquet(
        num('bucket_utc', [1709510460, 1709510520, 1709510580]),
        str('dma_code', ['501', '', '501']),
        num('sessions', [10, 2, 3]),
        num('new_users', [4, 1, 0]),
        num('engaged_sessions', [6, Number.NaN, null]),
        num('engagement_s', [420.5, Number.NaN, null]),
      ),
    ]);

    const v = await engine.extractDigital('c1', 'minute', MAR4, MAR4 + 86400);

    expect(Array.from(v.sessions)).toEqual([10, 2, 3]);
    expect(Array.from(v.newUsers)).toEqual([4, 1, 0]);
    expect(Array.from(v.engagedSessions)).toEqual([6, Number.NaN, Number.NaN]);
    expect(Array.from(v.engagementS)).toEqual([420.5, Number.NaN, Number.NaN]);
    expect(dmaCodesOf(v)).toEqual(['501', '', '501']);
    const sql = starts()[0]?.input.QueryString ?? '';
    expect(sql).toContain('coalesce(engaged_sessions, nan())');
    expect(sql).toContain('client_uid = ? AND resolution = ?');
  });

  test('airings from several objects, ordered by start, with NULL cost as null and text kept', async () => {
    const airing = (id: string, start: number, program: string | null, cost: number | null) => [
      str('airing_key', [`k${id}`]),
      str('airing_id', [id]),
      num('start_utc', [start]),
      str('market', ['501']),
      str('tz', ['America/New_York']),
      str('station', ['WABC']),
      str('station_type', ['tv']),
      str('network', [null]),
      str('program', [program]),
      str('cable_zone', [null]),
      str('creative', ['SPOT "A"']),
      num('length_s', [30]),
      num('cost_cents', [cost]),
      num('impressions', [null]),
    ];
    const { engine, starts } = fakes(() => [
      parquet(...airing('8', MAR4 + 7200, null, 1500)),
      parquet(...airing('7', MAR4 + 3600, 'News, Late', null)),
    ]);

    const airings = await engine.extractAirings('c1', MAR4, MAR4 + 2 * 86400);

    expect(airings.map((a) => a.id)).toEqual(['7', '8']);
    expect(airings[0]).toEqual({
      id: '7',
      startUtc: MAR4 + 3600,
      market: '501',
      tz: 'America/New_York',
      station: 'WABC',
      stationType: 'tv',
      network: null,
      program: 'News, Late',
      cableZone: null,
      creative: 'SPOT "A"',
      lengthS: 30,
      costCents: null,
      impressions: null,
    });
    expect(airings[1]?.costCents).toBe(1500);
    const start = starts()[0] as StartQueryExecutionCommand;
    expect(start.input.QueryString).toContain('FROM "owl_lake"."airings"');
    expect(start.input.QueryString).toContain('start_utc >= ? AND start_utc < ?');
    expect(start.input.ExecutionParameters).toEqual([
      "'c1'",
      "'2024-03-04'",
      "'2024-03-05'",
      "'%/airings.parquet'",
      String(MAR4),
      String(MAR4 + 2 * 86400),
    ]);
  });

  test('hasVisits is true only when the UNLOAD wrote a row', async () => {
    const row = () => [parquet(num('hit', [1]))];
    expect(await fakes(row).engine.hasVisits('c1', 'hour', MAR4, MAR4 + 3600)).toBe(true);
    expect(await fakes(() => []).engine.hasVisits('c1', 'hour', MAR4, MAR4 + 3600)).toBe(false);
    const empty = () => [parquet(num('hit', []))];
    expect(await fakes(empty).engine.hasVisits('c1', 'hour', MAR4, MAR4 + 3600)).toBe(false);
  });

  test('foot traffic: store visits per hour and DMA, ordered by hour then DMA', async () => {
    const { engine, starts } = fakes(() => [
      parquet(
        num('bucket_utc', [1709532000, 1709528400, 1709528400]),
        str('dma_code', ['501', '501', '']),
        num('v', [7, 12, 3]),
      ),
    ]);

    const v = await engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400);

    expect(Array.from(v.bucketUtc)).toEqual([1709528400, 1709528400, 1709532000]);
    expect(dmaCodesOf(v)).toEqual(['', '501', '501']);
    expect(Array.from(v.values)).toEqual([3, 12, 7]);
    const sql = starts()[0]?.input.QueryString ?? '';
    expect(sql).toContain('FROM "owl_lake"."foot_traffic"');
    expect(sql).toContain('GROUP BY bucket_utc');
    expect(starts()[0]?.input.ExecutionParameters?.slice(0, 2)).toEqual(["'c1'", "'hour'"]);
  });

  test('foot traffic: locations by store visits, and whether any row exists', async () => {
    const { engine } = fakes(() => [
      parquet(
        str('location_id', ['Store #2', 'Store #1, Main St']),
        str('dma_code', ['', '501']),
        num('visits', [600, 1800]),
      ),
    ]);

    expect(await engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400)).toEqual([
      { location_id: 'Store #1, Main St', dma_code: '501', visits: 1800 },
      { location_id: 'Store #2', dma_code: '', visits: 600 },
    ]);
    const has = fakes(() => [parquet(num('hit', [1]))]);
    expect(await has.engine.hasFootTraffic('c1', 'hour', MAR4, MAR4 + 3600)).toBe(true);
    expect(has.starts()[0]?.input.QueryString).toContain('"owl_lake"."foot_traffic"');
    expect(await fakes(() => []).engine.hasFootTraffic('c1', 'hour', MAR4, MAR4 + 3600)).toBe(
      false,
    );
  });

  test('a quote in a store id or zone stays a value: the SQL text does not change', async () => {
    const hours = (location_id: string, timezone: string) => [
      { location_id, timezone, rules: [{ isodow: 1, fromMin: 540, toMin: 1020 }] },
    ];
    const hostile = "O'Brien's') OR 1=1 --";
    const plain = fakes(() => []);
    const evil = fakes(() => []);

    await plain.engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400, hours('S-1', 'UTC'));
    await evil.engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400, hours(hostile, "x'y"));
    await evil.engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400, hours(hostile, 'UTC'));

    const [evilSeries, evilLocations] = evil.starts();
    const plainSql = plain.starts()[0]?.input.QueryString;
    expect(evilSeries?.input.QueryString).toBe(plainSql);
    expect(evilSeries?.input.QueryString).not.toContain('Brien');
    expect(evilLocations?.input.QueryString).not.toContain('Brien');
    // The values travel as parameters, each one literal with its quotes doubled.
    expect(evilSeries?.input.ExecutionParameters).toContain("'O''Brien''s'') OR 1=1 --'");
    expect(evilSeries?.input.ExecutionParameters).toContain("'x''y'");
    expect(evilSeries?.input.ExecutionParameters).toHaveLength(
      plain.starts()[0]?.input.ExecutionParameters?.length ?? -1,
    );
    expect(plainSql).toContain('NOT IN (?)');
    expect(plainSql).toContain('(VALUES (?, ?, ?, ?, ?))');
  });

  test('queries asked for together run in Athena together, up to the limit', async () => {
    const { engine, state } = fakes(() => [parquet(num('hit', [1]))], {
      pending: 3,
      maxConcurrentQueries: 3,
    });

    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => engine.hasVisits('c1', 'minute', MAR4 + i, MAR4 + 60)),
    );

    expect(answers).toEqual(Array(7).fill(true));
    expect(state.started).toBe(7);
    expect(state.maxInFlight).toBe(3);
  });

  test("fails with Athena's reason when the query fails", async () => {
    const { engine } = fakes(() => [], { fail: 'SYNTAX_ERROR' });

    await expect(engine.extractAirings('c1', MAR4, MAR4 + 86400)).rejects.toThrow('SYNTAX_ERROR');
  });

  test('refuses a client uid that could break out of a literal, before sending anything', async () => {
    const { engine, sent } = fakes(() => []);

    await expect(engine.extractAirings("c1' OR '1'='1", MAR4, MAR4 + 86400)).rejects.toThrow(
      RangeError,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('forEachCsvRow', () => {
  test('reads quoted fields, escaped quotes, empty fields and CRLF endings', () => {
    const rows: string[][] = [];

    forEachCsvRow('"a","b ""q""",\r\n,"x,y",""\r\n', (f) => rows.push([...f]));

    expect(rows).toEqual([
      ['a', 'b "q"', ''],
      ['', 'x,y', ''],
    ]);
  });
});
