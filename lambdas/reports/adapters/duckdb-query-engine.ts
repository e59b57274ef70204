import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeDataset } from '#shared/lake';
import { type LakeGenerationReader, LEGACY_GENERATIONS } from '#shared/lake-generations';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { Airing, AttributionMethod, Resolution } from '../../attribution/core/types';
import { utcDate } from '../core/dates';
import type {
  DigitalColumnsResult,
  LocationVisits,
  QueryEngine,
  VisitColumnsResult,
} from '../core/ports';
import { type AiringRow, toAiring } from './airing-row';
import { openDuckDb } from './duckdb-connection';
import { airingsDir, footTrafficDir, lakeFiles, visitsDir } from './duckdb-lake-files';
import {
  airingsSql,
  describeSql,
  digitalSql,
  footTrafficLocationsSql,
  footTrafficSql,
  hasVisitsSql,
} from './duckdb-sql';
import { readLakeVisits, readVisitColumns, readVisitMatrix } from './duckdb-visit-columns';

/** Re-exported for the benches and test fixtures that open their own connection. */
export { openDuckDb };

const visitsDataset = (r: Resolution): LakeDataset =>
  r === 'hour' ? 'visits/hour' : 'visits/minute';
const footTrafficDataset = (r: Resolution): LakeDataset =>
  r === 'hour' ? 'foot_traffic/hour' : 'foot_traffic/minute';

/** The checked folder of a client's dataset (duckdb-lake-files.ts). */
function lakeDir(clientUid: string, dataset: LakeDataset): string {
  if (dataset === 'airings') return airingsDir(clientUid);
  const resolution = dataset.endsWith('/hour') ? 'hour' : 'minute';
  return dataset.startsWith('visits')
    ? visitsDir(clientUid, resolution)
    : footTrafficDir(clientUid, resolution);
}

/**
 * QueryEngine over the lake files in s3rver's folder (env DUCKDB_LAKE_DIR), for the local stack
 * and tests. Same results as AthenaQueryEngine on the same lake: each query reads only the
 * current generation of the client's dataset (layers/shared/lake.ts). Calls may overlap (the
 * Extract step asks for several reads at once): each query is one materialised `duckdb_query`,
 * which DuckDB runs under the connection's lock, and no query leaves session state behind.
 */
export class DuckDbQueryEngine implements QueryEngine {
  private conn: Promise<DuckDBConnection> | null = null;

  /**
   * @param lakeDir the folder holding the lake bucket's objects.
   * @param generations which generation each query reads. @default the legacy generations
   */
  constructor(
    private readonly lakeDir: string,
    private readonly generations: LakeGenerationReader = LEGACY_GENERATIONS,
  ) {}

  private connection(): Promise<DuckDBConnection> {
    this.conn ??= openDuckDb();
    return this.conn;
  }

  async extractAirings(clientUid: string, fromUtc: number, toUtc: number): Promise<Airing[]> {
    const files = await this.files(clientUid, 'airings', fromUtc, toUtc);
    if (files.length === 0) return [];
    const reader = await (await this.connection()).runAndReadAll(airingsSql(files, fromUtc, toUtc));
    const names = new Map<string, string>();
    return (reader.getRowObjectsJS() as AiringRow[]).map((row) => toAiring(row, names));
  }

  async extractVisits(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    method: AttributionMethod,
  ): Promise<VisitColumnsResult> {
    const files = await this.files(clientUid, visitsDataset(resolution), fromUtc, toUtc);
    return readLakeVisits(await this.connection(), files, fromUtc, toUtc, method);
  }

  async extractDigital(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<DigitalColumnsResult> {
    const files = await this.files(clientUid, visitsDataset(resolution), fromUtc, toUtc);
    const conn = await this.connection();
    const names = new Set<string>();
    if (files.length > 0) {
      const described = await conn.runAndReadAll(describeSql(files));
      for (const name of described.getColumnsJS()[0] ?? []) names.add(String(name));
    }
    const has = {
      engaged_sessions: names.has('engaged_sessions'),
      engagement_s: names.has('engagement_s'),
    };
    const read = await readVisitMatrix(
      conn,
      files,
      fromUtc,
      toUtc,
      (dmas) => digitalSql(files, fromUtc, toUtc, dmas, has),
      4,
    );
    const [sessions, newUsers, engagedSessions, engagementS] = read.values as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    return {
      bucketUtc: read.bucketUtc,
      dmaIndex: read.dmaIndex,
      dmaCodes: read.dmaCodes,
      sessions,
      newUsers,
      engagedSessions,
      engagementS,
    };
  }

  hasVisits(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    return this.anyRow(clientUid, visitsDataset(resolution), fromUtc, toUtc);
  }

  async extractFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<VisitColumnsResult> {
    const files = await this.files(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
    return readVisitColumns(await this.connection(), files, fromUtc, toUtc, (dmas) =>
      footTrafficSql(files, fromUtc, toUtc, dmas, open),
    );
  }

  hasFootTraffic(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    return this.anyRow(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
  }

  async footTrafficLocations(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<LocationVisits[]> {
    const files = await this.files(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
    if (files.length === 0) return [];
    const sql = footTrafficLocationsSql(files, fromUtc, toUtc, open);
    const reader = await (await this.connection()).runAndReadAll(sql);
    return reader.getRowObjectsJS() as unknown as LocationVisits[];
  }

  private async anyRow(
    clientUid: string,
    dataset: LakeDataset,
    fromUtc: number,
    toUtc: number,
  ): Promise<boolean> {
    const files = await this.files(clientUid, dataset, fromUtc, toUtc);
    if (files.length === 0) return false;
    const reader = await (await this.connection()).runAndReadAll(
      hasVisitsSql(files, fromUtc, toUtc),
    );
    return reader.currentRowCount > 0;
  }

  /** The current generation's files of a client's dataset with dates in [fromUtc, toUtc). */
  private async files(
    clientUid: string,
    dataset: LakeDataset,
    fromUtc: number,
    toUtc: number,
  ): Promise<string[]> {
    if (toUtc <= fromUtc) return [];
    const prefix = lakeDir(clientUid, dataset);
    const gen = await this.generations.current(clientUid, dataset);
    return lakeFiles(this.lakeDir, prefix, utcDate(fromUtc), utcDate(toUtc - 1), gen);
  }
}
