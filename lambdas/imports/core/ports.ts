import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import type { ImportJob, ImportStatus } from '../../../layers/shared/contracts/postlog.schema';
import type { StoredAiring } from './lake-rows';
import type { MarketIndex } from './markets';
import type { FootTrafficColumns, VisitsColumns, VisitsResolution } from './types';

/** An import job as stored: the public contract plus who owns it and where its file lives. */
export interface ImportJobRecord extends ImportJob {
  /** Organisation of the uploader; only its members (and staff) see the job. */
  org_uid: string;
  /** The upload's key in the uploads bucket: `uploads/<org_uid>/<postlog_id>/<file name>`. */
  object_key: string;
  /** Cognito sub of the uploader. */
  created_by: string;
}

/** Storage of import jobs (CompaniesTable in AWS; DynamoDB Local locally). */
export interface ImportJobs {
  create(job: ImportJobRecord): Promise<void>;
  get(postlogId: string): Promise<ImportJobRecord | null>;
  /**
   * Applies `patch` only when the job's status is one of `from` (a conditional write), so a
   * retried event or a second confirm cannot run a step twice.
   * @returns false when the job is absent or in another status.
   */
  transition(
    postlogId: string,
    from: readonly ImportStatus[],
    patch: Partial<Omit<ImportJobRecord, 'postlog_id' | 'org_uid'>>,
  ): Promise<boolean>;
  /** Stations and markets already imported for a client (to report newstations/newmarkets). */
  knownEntities(clientUid: string): Promise<{ stations: string[]; markets: string[] }>;
  /** Adds to the known stations and markets of a client (set union). */
  addKnownEntities(clientUid: string, stations: string[], markets: string[]): Promise<void>;
}

/** The uploads bucket. */
export interface UploadStore {
  /**
   * A presigned POST (an HTML-form upload) of `key`, valid `expiresS` seconds: the browser
   * posts `fields` then the file to `url`. Its policy makes S3 refuse a file over `maxBytes`
   * (content-length-range) or of another key or content type.
   */
  presignPost(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresS: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** The object's size in bytes and its bytes as a stream. @throws when absent. */
  read(key: string): Promise<{ bytes: number; body: AsyncIterable<Uint8Array | string> }>;
}

/**
 * The data lake (layers/shared/lake.ts layout): one Parquet object per client and UTC date
 * (and resolution, for visits and foot traffic).
 * Reads return null/[] for a partition that does not exist yet.
 */
export interface LakeWriter {
  readAirings(clientUid: string, dateUtc: string): Promise<StoredAiring[]>;
  writeAirings(clientUid: string, dateUtc: string, rows: StoredAiring[]): Promise<void>;
  readVisits(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
  ): Promise<VisitsColumns | null>;
  writeVisits(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
    visits: VisitsColumns,
  ): Promise<void>;
  /** Foot traffic of one client, resolution and UTC date (issue #4); null when absent. */
  readFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
  ): Promise<FootTrafficColumns | null>;
  /** Replaces that partition with `footTraffic` (rows sorted by bucket_utc, location_id). */
  writeFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
    footTraffic: FootTrafficColumns,
  ): Promise<void>;
}

/** Everything the import use cases need. */
export interface ImportDeps {
  jobs: ImportJobs;
  uploads: UploadStore;
  lake: LakeWriter;
  companies: CompaniesRepository;
  /** DMA lookups (empty when the reference data is absent). */
  markets: () => Promise<MarketIndex>;
  now: () => Date;
  newId: () => string;
}
