import { randomUUID } from 'node:crypto';
import {
  GetQueryExecutionCommand,
  type GetQueryExecutionCommandOutput,
  StartQueryExecutionCommand,
  type StartQueryExecutionCommandOutput,
} from '@aws-sdk/client-athena';
import {
  GetObjectCommand,
  type GetObjectCommandOutput,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import type { LakeDataset } from '#shared/lake';
import { type LakeGenerationReader, LEGACY_GENERATIONS } from '#shared/lake-generations';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { Airing, AttributionMethod, Resolution } from '../../attribution/core/types';
import { dmaDictionary } from '../core/dma-dictionary';
import type {
  DigitalColumnsResult,
  LocationVisits,
  QueryEngine,
  VisitColumnsResult,
} from '../core/ports';
import { type AiringRow, toAiring } from './airing-row';
import { readColumns } from './athena-result-columns';
import {
  type AthenaQuery,
  athenaAiringsSql,
  athenaDigitalSql,
  athenaFootTrafficLocationsSql,
  athenaFootTrafficSql,
  athenaHasVisitsSql,
  athenaUnload,
  athenaVisitsSql,
} from './athena-sql';

const hourOr = (r: Resolution) => (r === 'hour' ? 'hour' : 'minute');

/** The part of an SDK v3 client this adapter uses (AthenaClient, S3Client, or a test fake). */
export interface CommandSender {
  send(command: object): Promise<unknown>;
}

/** Configuration of {@link AthenaQueryEngine}. */
export interface AthenaEngineConfig {
  athena: CommandSender;
  s3: CommandSender;
  /** Env ATHENA_WORKGROUP. */
  workgroup: string;
  /** Env GLUE_DATABASE. */
  database: string;
  /**
   * Env ATHENA_UNLOAD_URI: the S3 folder (`s3://bucket/prefix/`) under which each query UNLOADs
   * its rows as Parquet, into a fresh sub-folder of its own (UNLOAD needs an empty one).
   */
  unloadUri: string;
  /** Queries of one engine running in Athena at once; more callers wait their turn. @default 4 */
  maxConcurrentQueries?: number;
  /** Poll delays in ms, the last one repeating. @default [100, 200, 400, 800, 1600, 2000] */
  pollDelaysMs?: readonly number[];
  /** Give up after this long, ms. @default 280_000 (under the Extract Lambda's 300 s) */
  timeoutMs?: number;
  /** Which generation of a client's dataset each query reads. @default the legacy generations */
  generations?: LakeGenerationReader;
  sleep?: (ms: number) => Promise<void>;
  /** The name of each query's UNLOAD sub-folder. @default a random UUID */
  newId?: () => string;
}

/**
 * QueryEngine on Athena: each query is an UNLOAD of its rows to a fresh S3 folder
 * as Snappy Parquet, with every value as an execution parameter (athena-sql.ts); the engine polls
 * GetQueryExecution with backoff, lists the folder and reads the Parquet objects with hyparquet
 * (pure JS: DuckDB's native binding is not in the Lambda bundle) straight into columns. Up to
 * `maxConcurrentQueries` queries run at once, so the Extract step can ask for everything together.
 * UNLOAD writes several objects in no set order, so results that have an order are sorted here.
 * @throws Error with Athena's reason when a query fails, is cancelled or times out.
 */
export class AthenaQueryEngine implements QueryEngine {
  private readonly limit: ConcurrencyLimit;

  constructor(private readonly cfg: AthenaEngineConfig) {
    this.limit = new ConcurrencyLimit(cfg.maxConcurrentQueries ?? 4);
  }

  async extractAirings(clientUid: string, fromUtc: number, toUtc: number): Promise<Airing[]> {
    const gen = await this.gen(clientUid, 'airings');
    const q = athenaAiringsSql(this.cfg.database, clientUid, fromUtc, toUtc, gen);
    const airings: Airing[] = [];
    const names = new Map<string, string>();
    for (const file of await this.query(q)) {
      const rows = await parquetReadObjects({ file });
      for (const row of rows) airings.push(toAiring(row as AiringRow, names));
    }
    // The order DuckDB's ORDER BY start_utc, airing_id gives.
    return airings.sort((a, b) => a.startUtc - b.startUtc || compareText(a.id, b.id));
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
    const q = athenaVisitsSql(db, clientUid, resolution, fromUtc, toUtc, method, gen);
    const read = await readColumns(await this.query(q), ['bucket_utc', 'v'], ['dma_code']);
    return {
      bucketUtc: read.num.bucket_utc as Float64Array,
      ...dmaDictionary(read.str.dma_code as string[]),
      values: read.num.v as Float64Array,
    };
  }

  async extractDigital(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<DigitalColumnsResult> {
    const gen = await this.gen(clientUid, `visits/${hourOr(resolution)}`);
    const q = athenaDigitalSql(this.cfg.database, clientUid, resolution, fromUtc, toUtc, gen);
    const numbers = ['bucket_utc', 'sessions', 'new_users', 'engaged_sessions', 'engagement_s'];
    // NaN (not measured) comes back as NaN; a null cell would read as NaN too.
    const read = await readColumns(await this.query(q), numbers, ['dma_code']);
    return {
      bucketUtc: read.num.bucket_utc as Float64Array,
      ...dmaDictionary(read.str.dma_code as string[]),
      sessions: read.num.sessions as Float64Array,
      newUsers: read.num.new_users as Float64Array,
      engagedSessions: read.num.engaged_sessions as Float64Array,
      engagementS: read.num.engagement_s as Float64Array,
    };
  }

  async extractFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<VisitColumnsResult> {
    const db = this.cfg.database;
    const gen = await this.gen(clientUid, `foot_traffic/${hourOr(resolution)}`);
    const q = athenaFootTrafficSql(db, clientUid, resolution, fromUtc, toUtc, gen, open);
    const read = await readColumns(await this.query(q), ['bucket_utc', 'v'], ['dma_code']);
    const bucket = read.num.bucket_utc as Float64Array;
    const dma = read.str.dma_code as string[];
    const v = read.num.v as Float64Array;
    // By bucket, then DMA code as text ('' first): the local engine's order.
    const order = Array.from(bucket, (_, i) => i).sort(
      (a, b) => (bucket[a] as number) - (bucket[b] as number) || compareText(dma[a], dma[b]),
    );
    return {
      bucketUtc: Float64Array.from(order, (i) => bucket[i] as number),
      ...dmaDictionary(order.map((i) => dma[i] as string)),
      values: Float64Array.from(order, (i) => v[i] as number),
    };
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
    const q = athenaFootTrafficLocationsSql(db, clientUid, resolution, fromUtc, toUtc, gen, open);
    const read = await readColumns(await this.query(q), ['visits'], ['location_id', 'dma_code']);
    const visits = read.num.visits as Float64Array;
    const out = (read.str.location_id as string[]).map((location_id, i) => ({
      location_id,
      dma_code: (read.str.dma_code as string[])[i] ?? '',
      visits: visits[i] as number,
    }));
    return out.sort((a, b) => b.visits - a.visits || compareText(a.location_id, b.location_id));
  }

  private async anyRow(q: AthenaQuery): Promise<boolean> {
    for (const file of await this.query(q)) {
      if (Number(parquetMetadata(file).num_rows) > 0) return true;
    }
    return false;
  }

  /**
   * Runs one query as an UNLOAD to a fresh folder under `unloadUri` (waiting for a free slot
   * first) and returns the Parquet objects it wrote, in key order (none when it has no rows).
   */
  async query(q: AthenaQuery): Promise<ArrayBuffer[]> {
    const { athena, workgroup, database, unloadUri } = this.cfg;
    const location = `${unloadUri}${(this.cfg.newId ?? randomUUID)()}/`;
    const unload = athenaUnload(q, location);
    return this.limit.run(async () => {
      const started = (await athena.send(
        new StartQueryExecutionCommand({
          QueryString: unload.sql,
          // Athena refuses an empty list: a query without values sends none.
          ...(unload.params.length > 0 ? { ExecutionParameters: unload.params } : {}),
          WorkGroup: workgroup,
          QueryExecutionContext: { Database: database },
        }),
      )) as StartQueryExecutionCommandOutput;
      const id = started.QueryExecutionId;
      if (!id) throw new Error('Athena returned no QueryExecutionId');
      await this.waitFor(id);
      return this.readFolder(location);
    });
  }

  /** The non-empty objects under an s3:// folder, in key order, as bytes. */
  private async readFolder(location: string): Promise<ArrayBuffer[]> {
    const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
    if (!match) throw new Error(`not an S3 folder: ${location}`);
    const [, bucket, prefix] = match as unknown as [string, string, string];
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = (await this.cfg.s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      )) as ListObjectsV2CommandOutput;
      for (const o of page.Contents ?? []) {
        if (o.Key && (o.Size ?? 0) > 0 && !o.Key.endsWith('/')) keys.push(o.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    keys.sort();
    return Promise.all(
      keys.map(async (key) => {
        const object = (await this.cfg.s3.send(
          new GetObjectCommand({ Bucket: bucket, Key: key }),
        )) as GetObjectCommandOutput;
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array(0);
        return bytes.buffer.slice(
          bytes.byteOffset,
          bytes.byteOffset + bytes.byteLength,
        ) as ArrayBuffer;
      }),
    );
  }

  private async waitFor(id: string): Promise<void> {
    const delays = this.cfg.pollDelaysMs ?? [100, 200, 400, 800, 1600, 2000];
    const sleep = this.cfg.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const timeoutMs = this.cfg.timeoutMs ?? 280_000;
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      const out = (await this.cfg.athena.send(
        new GetQueryExecutionCommand({ QueryExecutionId: id }),
      )) as GetQueryExecutionCommandOutput;
      const status = out.QueryExecution?.Status;
      if (status?.State === 'SUCCEEDED') return;
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

/** Binary (code unit) order of two strings, as SQL ORDER BY on VARCHAR gives for ASCII. */
function compareText(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** At most `max` tasks at once; the others wait in call order. */
class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`bad concurrency limit: ${max}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A waiting task takes over this slot; otherwise the slot is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
