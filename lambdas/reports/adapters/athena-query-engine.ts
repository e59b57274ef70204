import {
  GetQueryExecutionCommand,
  type GetQueryExecutionCommandOutput,
  StartQueryExecutionCommand,
  type StartQueryExecutionCommandOutput,
} from '@aws-sdk/client-athena';
import { GetObjectCommand, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import type { LakeDataset } from '#shared/lake';
import { type LakeGenerationReader, LEGACY_GENERATIONS } from '#shared/lake-generations';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { Airing, AttributionMethod, Resolution } from '../../attribution/core/types';

const hourOr = (r: Resolution) => (r === 'hour' ? 'hour' : 'minute');

import type {
  DigitalColumnsResult,
  LocationVisits,
  QueryEngine,
  VisitColumnsResult,
} from '../core/ports';
import { toAiring } from './airing-row';
import {
  athenaAiringsSql,
  athenaDigitalSql,
  athenaFootTrafficLocationsSql,
  athenaFootTrafficSql,
  athenaHasVisitsSql,
  athenaVisitsSql,
} from './athena-sql';
import { forEachCsvDataRow, forEachCsvRow } from './csv';

/** The part of an SDK v3 client this adapter uses (AthenaClient, S3Client, or a test fake). */
export interface CommandSender {
  send(command: object): Promise<unknown>;
}

/** Configuration of {@link AthenaQueryEngine}. */
export interface AthenaEngineConfig {
  athena: CommandSender;
  s3: CommandSender;
  /** Env ATHENA_WORKGROUP (its result location receives the CSV files). */
  workgroup: string;
  /** Env GLUE_DATABASE. */
  database: string;
  /** Poll delays in ms, the last one repeating. @default [100, 200, 400, 800, 1600, 2000] */
  pollDelaysMs?: readonly number[];
  /** Give up after this long, ms. @default 280_000 (under the Extract Lambda's 300 s) */
  timeoutMs?: number;
  /** Which generation of a client's dataset each query reads. @default the legacy generations */
  generations?: LakeGenerationReader;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * QueryEngine on Athena (issue #2 §5): StartQueryExecution, poll GetQueryExecution with backoff,
 * then read the result CSV from the query's OutputLocation with S3 GetObject (much faster than
 * paging GetQueryResults).
 * @throws Error with Athena's reason when a query fails, is cancelled or times out.
 */
export class AthenaQueryEngine implements QueryEngine {
  constructor(private readonly cfg: AthenaEngineConfig) {}

  async extractAirings(clientUid: string, fromUtc: number, toUtc: number): Promise<Airing[]> {
    const airings: Airing[] = [];
    let header: string[] | null = null;
    forEachCsvRow(
      await this.query(
        athenaAiringsSql(
          this.cfg.database,
          clientUid,
          fromUtc,
          toUtc,
          await this.gen(clientUid, 'airings'),
        ),
      ),
      (f) => {
        if (!header) header = [...f];
        else
          airings.push(toAiring(Object.fromEntries((header as string[]).map((h, i) => [h, f[i]]))));
      },
    );
    return airings;
  }

  async extractVisits(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    method: AttributionMethod,
  ): Promise<VisitColumnsResult> {
    const gen = await this.gen(clientUid, `visits/${hourOr(resolution)}`);
    const db = this.cfg.database;
    return this.visitColumns(
      athenaVisitsSql(db, clientUid, resolution, fromUtc, toUtc, method, gen),
    );
  }

  async extractDigital(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<DigitalColumnsResult> {
    const gen = await this.gen(clientUid, `visits/${hourOr(resolution)}`);
    const sql = athenaDigitalSql(this.cfg.database, clientUid, resolution, fromUtc, toUtc, gen);
    const bucketUtc: number[] = [];
    const dmaCode: string[] = [];
    const cols: number[][] = [[], [], [], []];
    // Athena writes NaN as "NaN"; a blank cell (null) is not measured for the engagement metrics.
    const measured = (cell: string | undefined) =>
      cell === undefined || cell === '' ? Number.NaN : Number(cell);
    forEachCsvDataRow(await this.query(sql), (f) => {
      bucketUtc.push(Number(f[0]));
      dmaCode.push(f[1] ?? '');
      cols[0]!.push(Number(f[2] || 0));
      cols[1]!.push(Number(f[3] || 0));
      cols[2]!.push(measured(f[4]));
      cols[3]!.push(measured(f[5]));
    });
    return {
      bucketUtc: Float64Array.from(bucketUtc),
      dmaCode,
      sessions: Float64Array.from(cols[0]!),
      newUsers: Float64Array.from(cols[1]!),
      engagedSessions: Float64Array.from(cols[2]!),
      engagementS: Float64Array.from(cols[3]!),
    };
  }

  async extractFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ) {
    const db = this.cfg.database;
    const gen = await this.gen(clientUid, `foot_traffic/${hourOr(resolution)}`);
    return this.visitColumns(
      athenaFootTrafficSql(db, clientUid, resolution, fromUtc, toUtc, gen, open),
    );
  }

  async hasVisits(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    const db = this.cfg.database;
    const gen = await this.gen(clientUid, `visits/${hourOr(resolution)}`);
    return this.anyRow(
      athenaHasVisitsSql(db, clientUid, resolution, fromUtc, toUtc, 'visits', gen),
    );
  }

  async hasFootTraffic(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    const db = this.cfg.database;
    const gen = await this.gen(clientUid, `foot_traffic/${hourOr(resolution)}`);
    return this.anyRow(
      athenaHasVisitsSql(db, clientUid, resolution, fromUtc, toUtc, 'foot_traffic', gen),
    );
  }

  /** The current generation of a client's dataset. */
  private gen(clientUid: string, dataset: LakeDataset): Promise<string> {
    return (this.cfg.generations ?? LEGACY_GENERATIONS).current(clientUid, dataset);
  }

  async footTrafficLocations(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<LocationVisits[]> {
    const db = this.cfg.database;
    const gen = await this.gen(clientUid, `foot_traffic/${hourOr(resolution)}`);
    const sql = athenaFootTrafficLocationsSql(db, clientUid, resolution, fromUtc, toUtc, gen, open);
    const out: LocationVisits[] = [];
    forEachCsvDataRow(await this.query(sql), (f) => {
      out.push({ location_id: f[0] ?? '', dma_code: f[1] ?? '', visits: Number(f[2] || 0) });
    });
    return out;
  }

  /** Reads a result of columns bucket_utc, dma_code, v into visit columns. */
  private async visitColumns(sql: string): Promise<VisitColumnsResult> {
    const bucketUtc: number[] = [];
    const dmaCode: string[] = [];
    const values: number[] = [];
    forEachCsvDataRow(await this.query(sql), (f) => {
      bucketUtc.push(Number(f[0]));
      dmaCode.push(f[1] ?? '');
      values.push(Number(f[2] || 0));
    });
    return { bucketUtc: Float64Array.from(bucketUtc), dmaCode, values: Float64Array.from(values) };
  }

  private async anyRow(sql: string): Promise<boolean> {
    let rows = 0;
    forEachCsvRow(await this.query(sql), () => {
      rows++;
    });
    return rows > 1; // the header plus one row
  }

  /** Runs one query and returns its result CSV text. */
  async query(sql: string): Promise<string> {
    const { athena, s3, workgroup, database } = this.cfg;
    const started = (await athena.send(
      new StartQueryExecutionCommand({
        QueryString: sql,
        WorkGroup: workgroup,
        QueryExecutionContext: { Database: database },
      }),
    )) as StartQueryExecutionCommandOutput;
    const id = started.QueryExecutionId;
    if (!id) throw new Error('Athena returned no QueryExecutionId');
    const location = await this.waitFor(id);
    const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
    if (!match) throw new Error(`Athena output location is not an S3 URI: ${location}`);
    const object = (await s3.send(
      new GetObjectCommand({ Bucket: match[1], Key: match[2] }),
    )) as GetObjectCommandOutput;
    return (await object.Body?.transformToString('utf-8')) ?? '';
  }

  private async waitFor(id: string): Promise<string> {
    const delays = this.cfg.pollDelaysMs ?? [100, 200, 400, 800, 1600, 2000];
    const sleep = this.cfg.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const timeoutMs = this.cfg.timeoutMs ?? 280_000;
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      const out = (await this.cfg.athena.send(
        new GetQueryExecutionCommand({ QueryExecutionId: id }),
      )) as GetQueryExecutionCommandOutput;
      const status = out.QueryExecution?.Status;
      if (status?.State === 'SUCCEEDED') {
        const location = out.QueryExecution?.ResultConfiguration?.OutputLocation;
        if (!location) throw new Error(`Athena query ${id} has no output location`);
        return location;
      }
      if (status?.State === 'FAILED' || status?.State === 'CANCELLED') {
        throw new Error(`Athena query ${id} ${status.State}: ${status.StateChangeReason ?? ''}`);
      }
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
      if (waited + delay > timeoutMs) throw new Error(`Athena query ${id} timed out`);
      await sleep(delay);
      waited += delay;
    }
  }
}
