import type { ClientRecord } from '#shared/companies/companies';
import type { ReportDocument, ReportSeries } from '#shared/contracts/report.schema';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type {
  Airing,
  AttributionMethod,
  AttributionOptions,
  AttributionResult,
  Resolution,
  VisitData,
} from '../../attribution/core/types';

/**
 * Ports of the report pipeline (spec §4 "Report generation", §7 perform_report,
 * queue_monitor). Use cases receive these; adapters/ implements them (DynamoDB, S3, SQS, Step
 * Functions, Athena, DuckDB); tests use in-memory fakes.
 */

/** Report families the pipeline produces (spec §3 "Report session" results). */
export type ReportType = 'pro_insights';

/** Report parameters (spec §3 Filters). Dates are inclusive UTC days, YYYY-MM-DD. */
export interface ReportParams {
  date_start: string;
  date_end: string;
  /** Response window in minutes, 1..60 (spec §9: 8). */
  window: number;
  attribution_method: AttributionMethod;
  /**
   * Inclusive comparison dates, set by resolveReportParams (default: the period of equal length
   * just before date_start). Absent in runs queued before comparison periods existed: such
   * reports have no comparison.
   */
  compare_date_start?: string;
  compare_date_end?: string;
}

/**
 * The input and output of every state-machine step (layers/shared/workers.ts REPORT_STEPS), and
 * the SQS message body. Kept small (Step Functions' 256 KB limit): big data lives in the reports
 * bucket under `work_prefix` (`work/<report_id>/`).
 */
export interface ReportStepPayload {
  report_id: string;
  client_uid: string;
  session_uid: string;
  report_type: ReportType;
  params: ReportParams;
  work_prefix: string;
  /** Set by Extract: minute when minute visits exist in the range, else hour. */
  resolution?: Resolution;
  /**
   * Set by Extract: the resolution of the client's foot traffic in the
   * report range (minute when minute rows exist, else hour), or null/absent when it has none.
   */
  foot_traffic_resolution?: Resolution | null;
  /**
   * Set by Extract: true when any of the client's store locations has opening hours, so the
   * store visits outside them were left out of the foot traffic (the report says so).
   */
  foot_traffic_hours?: boolean;
  /**
   * Set by Extract: true when the comparison period has airings and visits, so Attribute runs the
   * engine on it and the document carries `compare`; false or absent gives `compare: null`.
   */
  has_compare?: boolean;
}

/** Job states shown by queue_monitor. */
export type ReportStatus = 'queued' | 'running' | 'complete' | 'failed';

/** One report run (CompaniesTable item `REPORT#<id>` / `META`). Instants are ISO-8601 UTC. */
export interface ReportJob {
  report_id: string;
  client_uid: string;
  session_uid: string;
  /** Cognito sub of the user who asked for it. */
  user_id: string;
  report_type: ReportType;
  status: ReportStatus;
  /** 0-100 (REPORT_STEPS progress of the last finished step). */
  progress: number;
  /** User-safe failure text (status failed only). */
  message?: string;
  params: ReportParams;
  created_at: string;
  updated_at: string;
}

/** Storage of report jobs. */
export interface ReportJobs {
  create(job: ReportJob): Promise<void>;
  get(reportId: string): Promise<ReportJob | null>;
  /** Patches a job and stamps updated_at. @throws NotFound when absent. */
  update(
    reportId: string,
    patch: Partial<Pick<ReportJob, 'status' | 'progress' | 'message'>>,
  ): Promise<void>;
  /** Jobs of one report session of one client, oldest first. */
  listBySession(clientUid: string, sessionUid: string): Promise<ReportJob[]>;
}

/** Report documents and step work objects (the reports bucket). Keys are object keys. */
export interface ReportStore {
  putJson(key: string, value: unknown): Promise<void>;
  /** @returns the parsed document, or null when the key does not exist. */
  getJson<T>(key: string): Promise<T | null>;
  putBytes(key: string, bytes: Uint8Array): Promise<void>;
  /** @returns the bytes, or null when the key does not exist. */
  getBytes(key: string): Promise<Uint8Array | null>;
}

/** The report queue (SQS): one message per report run, body = the first step payload. */
export interface ReportQueue {
  send(payload: ReportStepPayload): Promise<void>;
}

/** State-machine executions. Idempotent by report_id (the execution name). */
export interface Executions {
  /** @returns 'already-started' when an execution of this report exists (a retried message). */
  start(payload: ReportStepPayload): Promise<'started' | 'already-started'>;
}

/** Visits of one metric, columnar (parallel arrays of one length). */
export interface VisitColumnsResult {
  /** Bucket start, epoch seconds UTC. */
  bucketUtc: Float64Array;
  /**
   * Per row, the index of its DMA code in `dmaCodes` (a dictionary code: millions of rows carry
   * a small integer each instead of a string).
   */
  dmaIndex: Int32Array | Uint16Array;
  /** The DMA codes `dmaIndex` points at; '' = unknown geography (national series only). */
  dmaCodes: string[];
  /** Visits per bucket of the chosen metric (sessions | pageviews | new_users). */
  values: Float64Array;
}

/**
 * The visit metrics of the Pro Digital section, columnar (parallel arrays of one length; see
 * lambdas/attribution/core/pro-digital.ts). Counts per bucket; engagement seconds in seconds.
 */
export interface DigitalColumnsResult {
  /** Bucket start, epoch seconds UTC. */
  bucketUtc: Float64Array;
  /**
   * Per row, the index of its DMA code in `dmaCodes` (a dictionary code: millions of rows carry
   * a small integer each instead of a string).
   */
  dmaIndex: Int32Array | Uint16Array;
  /** The DMA codes `dmaIndex` points at; '' = unknown geography (national series only). */
  dmaCodes: string[];
  sessions: Float64Array;
  newUsers: Float64Array;
  /** Engaged sessions; NaN where the row does not measure them (null in the lake, older objects). */
  engagedSessions: Float64Array;
  /** Engagement seconds (GA4 userEngagementDuration); NaN where not measured. */
  engagementS: Float64Array;
}

/** The query-engine port (Athena in AWS, DuckDB locally) over the lake (layers/shared/lake.ts). */
export interface QueryEngine {
  /** Airings with fromUtc <= start_utc < toUtc (epoch seconds), ordered by start. */
  extractAirings(clientUid: string, fromUtc: number, toUtc: number): Promise<Airing[]>;
  /** Visit rows with fromUtc <= bucket_utc < toUtc; the metric follows the method. */
  extractVisits(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    method: AttributionMethod,
  ): Promise<VisitColumnsResult>;
  /**
   * Visit rows with fromUtc <= bucket_utc < toUtc with the Pro Digital metrics (sessions, new
   * users, engaged sessions, engagement seconds) in one read; visits objects written before the
   * engagement columns existed read as not measured (NaN).
   */
  extractDigital(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<DigitalColumnsResult>;
  /** Whether any visit row exists at this resolution with fromUtc <= bucket_utc < toUtc. */
  hasVisits(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<boolean>;
  /**
   * Foot traffic: store visits with fromUtc <= bucket_utc < toUtc, summed per bucket and
   * DMA over the client's locations (`values` = store visits per bucket; '' = unknown DMA). With
   * `open`, a row of a location that has opening hours counts only when its bucket starts inside
   * one of the location's open windows.
   */
  extractFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<VisitColumnsResult>;
  /** Whether any foot-traffic row exists at this resolution with fromUtc <= bucket_utc < toUtc. */
  hasFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<boolean>;
  /**
   * Store visits per location in the range, by visits descending then location_id (with `open`,
   * as extractFootTraffic, only inside opening hours).
   */
  footTrafficLocations(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<LocationVisits[]>;
}

/**
 * One location's store visits over a range (foot traffic; dma_code '' when unknown), and the
 * nickname the client gave the store (absent or null: none).
 */
export interface LocationVisits {
  location_id: string;
  dma_code: string;
  visits: number;
  nickname?: string | null;
}

/** What the aggregate step hands the engine's document builder. */
export interface ReportBuildInput {
  reportId: string;
  client: ClientRecord;
  airings: Airing[];
  result: AttributionResult;
  params: ReportParams;
  resolution: Resolution;
  /** ISO-8601 UTC. */
  generatedAt: string;
  /** The comparison period's airings (in its range) and engine result; null without one. */
  compare: { airings: Airing[]; result: AttributionResult } | null;
  /** The summary chart series (Attribute step). */
  series: ReportSeries;
  /** The foot-traffic run over the report range and its locations; null without foot traffic. */
  footTraffic?: {
    resolution: Resolution;
    result: AttributionResult;
    locations: LocationVisits[];
    /** Store visits outside the locations' opening hours were left out. @default false */
    outsideHoursExcluded?: boolean;
  } | null;
}

/** The attribution engine as the pipeline uses it (lambdas/attribution/core; see core/engine.ts). */
export interface ReportEngine {
  buildVisitData(cols: VisitColumnsResult, resolution: Resolution): VisitData;
  /** Sync (one thread) or async (DMAs on market workers: attributeWith); the same numbers. */
  attribute(
    airings: Airing[],
    visits: VisitData,
    options: AttributionOptions,
  ): AttributionResult | Promise<AttributionResult>;
  /** Observed visits, baseline and airing counts per chart bucket over [fromUtc, toUtc). */
  buildSeries(airings: Airing[], visits: VisitData, options: AttributionOptions): ReportSeries;
  buildDocument(input: ReportBuildInput): ReportDocument;
}

/** Current time. */
export interface Clock {
  now(): Date;
}

/** New unique ids ([A-Za-z0-9-], at most 80 characters: Step Functions execution names). */
export interface Ids {
  next(): string;
}

/** The run of a client that holds its one-at-a-time report slot. Instants ISO-8601 UTC. */
export interface ActiveRun {
  client_uid: string;
  report_id: string;
  started_at: string;
}

/** What {@link ReportRuns.claim} found: the slot taken, held by another run, or the hour full. */
export type RunClaim = 'claimed' | 'busy' | 'hour_full';

/**
 * The per-client gate of report runs (core/run-throttle.ts): one slot per client and a count of
 * runs per clock hour. SessionsTable in AWS and locally; memory in tests.
 */
export interface ReportRuns {
  /** The run holding the client's slot, or null when it is free. */
  active(clientUid: string): Promise<ActiveRun | null>;
  /**
   * In one atomic write: gives the client's slot to `run`, only while it is still held by the
   * run `seen` found (null: only while free), and counts one run in the hour starting at
   * `hourStartS` (epoch seconds), only while fewer than `perHour` were counted. Neither happens
   * unless both can.
   * @returns 'claimed'; 'busy' when the slot moved on since `seen`; 'hour_full'.
   */
  claim(
    run: ActiveRun,
    seen: string | null,
    perHour: number,
    hourStartS: number,
  ): Promise<RunClaim>;
  /** Frees the client's slot when `reportId` still holds it; otherwise changes nothing. */
  release(clientUid: string, reportId: string): Promise<void>;
}
