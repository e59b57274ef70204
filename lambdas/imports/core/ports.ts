import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { ImportJob, ImportStatus } from '#shared/contracts/postlog.schema';
import type { Station } from '#shared/contracts/stations.schema';
import type { LakeDataset } from '#shared/lake';
import type { LocationsStore } from '#shared/locations/locations';
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
  /**
   * The organisation's jobs made at or after `since` (ISO-8601 UTC) that wait in review, newest
   * first: the upload panel lists them, whoever uploaded them and however (browser or drop).
   */
  inReview(orgUid: string, since: string): Promise<ImportJobRecord[]>;
  /**
   * Stations and markets already imported for a client (to report newstations/newmarkets); an
   * airings switch adds to them (LakeGenerations.switchTo).
   */
  knownEntities(clientUid: string): Promise<{ stations: string[]; markets: string[] }>;
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
  /**
   * Announces an uploaded object again, unchanged (an S3 object-created event starts the import
   * worker as the upload did).
   * @returns false when the object is gone (e.g. expired).
   */
  announce(key: string): Promise<boolean>;
}

/**
 * The data lake's partition objects (layers/shared/lake.ts layout): one Parquet object per
 * client, UTC date and generation (and resolution, for visits and foot traffic). Reads return
 * []/null for a partition that does not exist.
 */
export interface LakeWriter {
  readAirings(clientUid: string, gen: string, dateUtc: string): Promise<StoredAiring[]>;
  writeAirings(
    clientUid: string,
    gen: string,
    dateUtc: string,
    rows: StoredAiring[],
  ): Promise<void>;
  readVisits(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
  ): Promise<VisitsColumns | null>;
  writeVisits(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
    visits: VisitsColumns,
  ): Promise<void>;
  /** Foot traffic of one client, resolution, generation and UTC date; null when absent. */
  readFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
  ): Promise<FootTrafficColumns | null>;
  /** Writes that partition with `footTraffic` (rows sorted by bucket_utc, location_id). */
  writeFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
    footTraffic: FootTrafficColumns,
  ): Promise<void>;
  /** The UTC dates that have an object of generation `gen` of the dataset, sorted. */
  listDates(clientUid: string, dataset: LakeDataset, gen: string): Promise<string[]>;
  /** Copies one partition object from generation `from` to generation `to` (server side). */
  copyPartition(
    clientUid: string,
    dataset: LakeDataset,
    dateUtc: string,
    from: string,
    to: string,
  ): Promise<void>;
  /** Deletes every object of generation `gen` of the dataset. */
  deleteGeneration(clientUid: string, dataset: LakeDataset, gen: string): Promise<void>;
}

/** A dataset's pointer as an import reads it: the current generation and its version. */
export interface GenerationPointer {
  gen: string;
  /** Bumped by every switch; 0 before the first. */
  version: number;
}

/** What a switch of a client's airings writes with it, in the same transaction. */
export interface SwitchExtras {
  /** The client's airing summary after the import (absolute values). */
  summary?: Pick<ClientRecord, 'airings' | 'first_airing_utc' | 'last_airing_utc'> &
    Pick<ClientRecord, 'station_airings' | 'media_airings' | 'has_costs'>;
  /** The client's organisation, whose client-list version the switch bumps (task list caches). */
  listOwner?: Pick<ClientRecord, 'org_uid' | 'demo'>;
  /** Stations and markets the client had not had before (added to its known entities). */
  known?: { stations: string[]; markets: string[] };
}

/** A generation that no reader needs any more, found by the sweeper. */
export interface LakeGarbage {
  clientUid: string;
  dataset: LakeDataset;
  gen: string;
  /** 'pending': written by an import that never switched to it; 'retired': replaced. */
  kind: 'pending' | 'retired';
  /** When it was begun or retired (ISO-8601 UTC). */
  since: string;
}

/**
 * The pointer of each client dataset to its current generation (layers/shared/lake-generations.ts)
 * and the bookkeeping that lets the sweeper delete generations no reader needs.
 */
export interface LakeGenerations {
  /** The current generation (the legacy one, version 0, before any switch). */
  current(clientUid: string, dataset: LakeDataset): Promise<GenerationPointer>;
  /** Records that `gen` is being written from `since` on (before its first object). */
  begin(clientUid: string, dataset: LakeDataset, gen: string, since: Date): Promise<void>;
  /**
   * Switches the dataset from `from` to `to` (begun at `since`) if it is still at
   * `from.version`, in ONE transaction with `extras` (the client's airing summary and known
   * entities); `from.gen` becomes retired at `at`.
   * @returns false, with nothing written, when another import switched first.
   */
  switchTo(
    clientUid: string,
    dataset: LakeDataset,
    from: GenerationPointer,
    to: { gen: string; since: Date },
    at: Date,
    extras?: SwitchExtras,
  ): Promise<boolean>;
  /** Forgets a pending or retired generation (its objects are deleted, or there were none). */
  forget(garbage: LakeGarbage): Promise<void>;
  /** Pending generations begun before `pendingBefore`, retired ones before `retiredBefore`. */
  garbage(pendingBefore: Date, retiredBefore: Date): Promise<LakeGarbage[]>;
}

/** Everything the import use cases need. */
export interface ImportDeps {
  jobs: ImportJobs;
  uploads: UploadStore;
  lake: LakeWriter;
  generations: LakeGenerations;
  companies: CompaniesRepository;
  /** DMA lookups (empty when the reference data is absent). */
  markets: () => Promise<MarketIndex>;
  /**
   * The station list a post-log's stations are matched against (the reference context's list,
   * cached; empty when never loaded). Absent: imports report no unmatched stations.
   */
  stations?: () => Promise<readonly Station[]>;
  now: () => Date;
  newId: () => string;
  /**
   * The stores a client's foot-traffic imports named (find_location searches them). Absent:
   * nothing is remembered.
   */
  knownStores?: Pick<LocationsStore, 'recordKnownStores'>;
}
