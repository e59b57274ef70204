import { GetQueryExecutionCommand, StartQueryExecutionCommand } from '@aws-sdk/client-athena';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, test } from 'vitest';
import { AthenaQueryEngine } from '../../../../lambdas/reports/adapters/athena-query-engine';
import { athenaVisitsSql } from '../../../../lambdas/reports/adapters/athena-sql';
import { forEachCsvRow } from '../../../../lambdas/reports/adapters/csv';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;

/** A fake Athena + S3 pair: the query runs for `pending` polls, then its CSV is `csv`. */
function fakes(csv: string, opts: { pending?: number; fail?: string } = {}) {
  const sent: object[] = [];
  let polls = 0;
  const athena = {
    send: async (command: object) => {
      sent.push(command);
      if (command instanceof StartQueryExecutionCommand) return { QueryExecutionId: 'q-1' };
      if (command instanceof GetQueryExecutionCommand) {
        polls++;
        if (opts.fail)
          return { QueryExecution: { Status: { State: 'FAILED', StateChangeReason: opts.fail } } };
        const state = polls <= (opts.pending ?? 0) ? 'RUNNING' : 'SUCCEEDED';
        return {
          QueryExecution: {
            Status: { State: state },
            ResultConfiguration: { OutputLocation: 's3://athena-results/out/q-1.csv' },
          },
        };
      }
      throw new Error('unexpected command');
    },
  };
  const s3 = {
    send: async (command: object) => {
      sent.push(command);
      return { Body: { transformToString: async () => csv } };
    },
  };
  const sleeps: number[] = [];
  const engine = new AthenaQueryEngine({
    athena,
    s3,
    workgroup: 'wg',
    database: 'owl_lake',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { engine, sent, sleeps };
}

describe('AthenaQueryEngine', () => {
  test('sends partition-pruned visits SQL to the workgroup and parses the result CSV', async () => {
    const csv = '"bucket_utc","dma_code","v"\n"1709510460","501","5"\n"1709510460","","4"\n';
    const { engine, sent, sleeps } = fakes(csv, { pending: 2 });

    const v = await engine.extractVisits('c1', 'minute', MAR4, MAR4 + 86400, 'pageviews');

    expect(Array.from(v.bucketUtc)).toEqual([1709510460, 1709510460]);
    expect(v.dmaCode).toEqual(['501', '']);
    expect(Array.from(v.values)).toEqual([5, 4]);
    const start = sent[0] as StartQueryExecutionCommand;
    expect(start.input.WorkGroup).toBe('wg');
    expect(start.input.QueryExecutionContext?.Database).toBe('owl_lake');
    expect(start.input.QueryString).toBe(
      athenaVisitsSql('owl_lake', 'c1', 'minute', MAR4, MAR4 + 86400, 'pageviews'),
    );
    expect(start.input.QueryString).toContain("client_uid = 'c1' AND resolution = 'minute'");
    expect(start.input.QueryString).toContain(`"date" BETWEEN '2024-03-04' AND '2024-03-04'`);
    expect(start.input.QueryString).toContain(
      `bucket_utc >= ${MAR4} AND bucket_utc < ${MAR4 + 86400}`,
    );
    expect(start.input.QueryString).toContain('coalesce(pageviews, 0) AS v');
    expect(sleeps).toEqual([100, 200]);
    const get = sent.at(-1) as GetObjectCommand;
    expect(get).toBeInstanceOf(GetObjectCommand);
    expect(get.input).toEqual({ Bucket: 'athena-results', Key: 'out/q-1.csv' });
  });

  test('Pro Digital metrics: NaN and blank engagement cells read as not measured', async () => {
    const csv =
      '"bucket_utc","dma_code","sessions","new_users","engaged_sessions","engagement_s"\n' +
      '"1709510460","501","10","4","6.0","420.5"\n' +
      '"1709510520","","2","1","NaN","NaN"\n' +
      '"1709510580","501","3","0","",""\n';
    const { engine, sent } = fakes(csv);

    const v = await engine.extractDigital('c1', 'minute', MAR4, MAR4 + 86400);

    expect(Array.from(v.sessions)).toEqual([10, 2, 3]);
    expect(Array.from(v.newUsers)).toEqual([4, 1, 0]);
    expect(Array.from(v.engagedSessions)).toEqual([6, Number.NaN, Number.NaN]);
    expect(Array.from(v.engagementS)).toEqual([420.5, Number.NaN, Number.NaN]);
    expect(v.dmaCode).toEqual(['501', '', '501']);
    const sql = (sent[0] as StartQueryExecutionCommand).input.QueryString ?? '';
    expect(sql).toContain('coalesce(engaged_sessions, nan()) AS engaged_sessions');
    expect(sql).toContain("client_uid = 'c1' AND resolution = 'minute'");
  });

  test('parses airings, with NULL cost as null and quoted commas kept', async () => {
    const csv = [
      '"airing_key","airing_id","start_utc","market","tz","station","station_type","network","program","cable_zone","creative","length_s","cost_cents","impressions"',
      `"k1","7","${MAR4 + 3600}","501","America/New_York","WABC","tv",,"News, Late",,"SPOT ""A""","30",,`,
    ].join('\n');
    const { engine, sent } = fakes(csv);

    const airings = await engine.extractAirings('c1', MAR4, MAR4 + 2 * 86400);

    expect(airings).toEqual([
      {
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
      },
    ]);
    const sql = (sent[0] as StartQueryExecutionCommand).input.QueryString;
    expect(sql).toContain('FROM "owl_lake"."airings"');
    expect(sql).toContain(`"date" BETWEEN '2024-03-04' AND '2024-03-05'`);
  });

  test('hasVisits is true only when the query returns a row', async () => {
    expect(await fakes('"hit"\n"1"\n').engine.hasVisits('c1', 'hour', MAR4, MAR4 + 3600)).toBe(
      true,
    );
    expect(await fakes('"hit"\n').engine.hasVisits('c1', 'hour', MAR4, MAR4 + 3600)).toBe(false);
  });

  test('foot traffic: store visits summed per hour and DMA from the foot_traffic table', async () => {
    const csv = '"bucket_utc","dma_code","v"\n"1709528400","501","12"\n"1709528400","","3"\n';
    const { engine, sent } = fakes(csv);

    const v = await engine.extractFootTraffic('c1', 'hour', MAR4, MAR4 + 86400);

    expect(Array.from(v.values)).toEqual([12, 3]);
    expect(v.dmaCode).toEqual(['501', '']);
    const sql = (sent[0] as StartQueryExecutionCommand).input.QueryString;
    expect(sql).toContain('FROM "owl_lake"."foot_traffic"');
    expect(sql).toContain("client_uid = 'c1' AND resolution = 'hour'");
    expect(sql).toContain('GROUP BY bucket_utc');
  });

  test('foot traffic: locations with their store visits, and whether any row exists', async () => {
    const csv =
      '"location_id","dma_code","visits"\n"Store #1, Main St","501","1800"\n"Store #2","","600"\n';
    const { engine } = fakes(csv);

    expect(await engine.footTrafficLocations('c1', 'hour', MAR4, MAR4 + 86400)).toEqual([
      { location_id: 'Store #1, Main St', dma_code: '501', visits: 1800 },
      { location_id: 'Store #2', dma_code: '', visits: 600 },
    ]);
    const has = fakes('"hit"\n"1"\n');
    expect(await has.engine.hasFootTraffic('c1', 'hour', MAR4, MAR4 + 3600)).toBe(true);
    expect((has.sent[0] as StartQueryExecutionCommand).input.QueryString).toContain(
      '"owl_lake"."foot_traffic"',
    );
    expect(await fakes('"hit"\n').engine.hasFootTraffic('c1', 'hour', MAR4, MAR4 + 3600)).toBe(
      false,
    );
  });

  test("fails with Athena's reason when the query fails", async () => {
    const { engine } = fakes('', { fail: 'SYNTAX_ERROR' });

    await expect(engine.extractAirings('c1', MAR4, MAR4 + 86400)).rejects.toThrow('SYNTAX_ERROR');
  });

  test('refuses a client uid that could break out of the SQL literal', async () => {
    const { engine, sent } = fakes('');

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
