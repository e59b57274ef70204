import type { Caller } from '#shared/auth/caller';
import type { CampaignScope } from '#shared/campaigns/campaign-scope';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type {
  FamilyGenerateRequest,
  FamilyJobStatus,
  FamilyKind,
} from '#shared/contracts/families.schema';
import type { ProDigital } from '#shared/contracts/pro-digital.schema';
import type { PeriodResult, ReportSummary } from '#shared/contracts/report.schema';
import type { PdfRenderer } from '../../reports/print/ports';
import type { OrgPorts } from './org-rollup-ports';

/**
 * Ports of the generated report families (spec §1 report families, §7 "Reports and
 * generation"). Use cases in core/ receive these; adapters/ implements them (DynamoDB, S3, SQS,
 * Step Functions, the report engine over the lake); tests use in-memory fakes.
 */

/**
 * Which airings of a period count. The whole period is always attributed (every airing masks the
 * baseline, as in the report); the figures are then re-aggregated over the airings kept, from
 * their own verdicts (the report's drill-down arithmetic, lambdas/reports/core/drilldowns.ts).
 */
export interface PeriodFilter {
  /** Only streaming (CTV) and podcast airings, and the Pro Digital website impact of those. */
  stream?: boolean;
  /**
   * A campaign's stations, creatives and markets (empty list: every one). Its dates are ignored
   * here: the run's range is the period asked (the builder clips the report period to the flight
   * and compares with the same lists in the earlier periods).
   */
  campaign?: CampaignScope | null;
}

/**
 * The figures of one client period, as the report computes them: the summary, every broadcast
 * table (station, daypart, creative, week_number, ...), and for the stream scope the Pro
 * Digital section (website impact of those airings).
 */
export interface PeriodFigures {
  summary: ReportSummary;
  tables: PeriodResult['tables'];
  pro_digital?: ProDigital | null;
}

/**
 * The numbers of one client over one period, computed by the report engine in-process, without
 * a report job or stored report (core/period-reports.ts over the lake). Dates are inclusive days
 * YYYY-MM-DD (the report's UTC days). Null when the period has no airings kept by the filter, or
 * no website visits to attribute.
 */
export interface PeriodReports {
  run(
    client: ClientRecord,
    range: { date_start: string; date_end: string },
    filter: PeriodFilter,
  ): Promise<PeriodFigures | null>;
}

/** A client's campaign, or null when it has none of that id. */
export interface CampaignLookup {
  get(clientUid: string, campaignUid: string): Promise<Campaign | null>;
}

/** Current time. */
export interface Clock {
  now(): Date;
}

/** What a family builder reads. */
export interface BuildDeps {
  companies: CompaniesRepository;
  periods: PeriodReports;
  clock: Clock;
  /** Campaigns (the monthly family per campaign); absent: campaign_uid is refused. */
  campaigns?: CampaignLookup;
  /** The organisation families' ports (station month, advertiser, activity); absent: refused. */
  org?: OrgPorts;
}

/**
 * One generation job (CompaniesTable `GENJOB#<job_id>` / `META`; the tasks panel reads it via
 * the user's job index, kind generated_report or org_reporting). Instants ISO-8601 UTC.
 */
export interface FamilyJob {
  job_id: string;
  kind: FamilyKind | 'org_reporting';
  /** Cognito sub of the user who asked for it (only they read its status). */
  user_id: string;
  /** Who asked, as the route saw them: the Build step checks access again with it. */
  caller: Caller;
  /** The client it is about ('' for families that span clients). */
  client_uid: string;
  /** What the tasks panel and the recent list show: "Monthly report · November 2026". */
  label: string;
  request: FamilyGenerateRequest;
  status: FamilyJobStatus;
  /** 0-100. */
  progress: number;
  /** Object keys in the reports bucket when done. */
  pdf_key?: string;
  csv_key?: string;
  zip_key?: string;
  /** File name the links save as (without extension). */
  file_base?: string;
  /** User-facing reason (failed only). */
  error?: string;
  created_at: string;
  updated_at: string;
}

/** Storage of generation jobs. */
export interface FamilyJobs {
  create(job: FamilyJob): Promise<void>;
  get(jobId: string): Promise<FamilyJob | null>;
  /** Patches a job and stamps updated_at. @throws NotFound when absent. */
  update(
    jobId: string,
    patch: Partial<
      Pick<
        FamilyJob,
        'status' | 'progress' | 'error' | 'pdf_key' | 'csv_key' | 'zip_key' | 'file_base'
      >
    >,
  ): Promise<void>;
  /** The user's jobs started at or after `sinceIso`, newest first, at most `limit`. */
  listByUser(userId: string, sinceIso: string, limit: number): Promise<FamilyJob[]>;
}

/** Files of generated reports (the reports bucket) and links a browser opens. */
export interface FamilyFiles {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  /** A short-lived GET link (inline or attachment, saved as `fileName`). */
  link(
    key: string,
    options: { fileName: string; download: boolean; contentType: string },
  ): Promise<string>;
}

/** What renderFamily needs. */
export interface RenderDeps {
  renderer: PdfRenderer;
  files: FamilyFiles;
  clock: Clock;
}

/** The generate queue (SQS): one message per job, body `{ job_id }`. */
export interface GenerateQueue {
  send(message: { job_id: string }): Promise<void>;
}

/** Generate state-machine executions, idempotent by job id (the execution name). */
export interface GenerateExecutions {
  start(input: { job_id: string }): Promise<'started' | 'already-started'>;
}

/** New unique ids ([A-Za-z0-9-], at most 80 characters). */
export interface Ids {
  next(): string;
}
