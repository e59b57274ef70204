import { MONITORING_PREFIX } from '#shared/workers';
import { buildCallFacts } from './call-facts';
import { type MonitoringRowError, parseMonitoringCsv } from './monitoring-csv';
import type { CallRecordStore } from './ports';

/** Ports of {@link refreshCallList}. */
export interface RefreshCallListDeps {
  records: CallRecordStore;
  /** The object's text. @throws when it cannot be read (the event is retried). */
  readObject(key: string): Promise<string>;
  writeReport(key: string, body: string): Promise<void>;
  /** IAB industry names by id (empty when the reference list was never loaded). */
  industries(): Promise<Map<string, string>>;
  /**
   * The typical visits per airing of each industry that has a benchmark (Industry Insights'
   * real advertisers, at least 3), by industry id; industries without one are left out.
   */
  industryVisitsPerAiring(industryIds: readonly string[]): Promise<Map<string, number>>;
  now(): Date;
}

/** How many errors a rejected file's report lists. */
export const REPORT_MAX_ERRORS = 100;

/** What `<key>.report.json` holds. */
export type CallListReport =
  | {
      status: 'rejected';
      key: string;
      rows: number;
      error_count: number;
      /** The first {@link REPORT_MAX_ERRORS} problems. */
      errors: MonitoringRowError[];
      checked_at: string;
    }
  | {
      status: 'applied';
      key: string;
      rows: number;
      advertisers: number;
      created: number;
      updated: number;
      /** The log's last airing day (YYYY-MM-DD, UTC) the counters are measured to. */
      as_of: string;
      applied_at: string;
    };

/** Where the report of monitoring file `key` goes. */
export const reportKeyOf = (key: string) => `${key}.report.json`;

/** True for a monitored post-log: a `.csv` under MONITORING_PREFIX (reports are not). */
export const isMonitoringCsv = (key: string) =>
  key.startsWith(MONITORING_PREFIX) && key.toLowerCase().endsWith('.csv');

/**
 * The S3 event's use case: refreshes the call list from `key` when it is a monitored post-log;
 * any other object (a report, a stray file) is ignored.
 */
export async function onMonitoringObject(
  deps: RefreshCallListDeps,
  key: string,
): Promise<CallListReport | { status: 'ignored'; key: string }> {
  return isMonitoringCsv(key) ? refreshCallList(deps, key) : { status: 'ignored', key };
}

/**
 * Rebuilds the call list's facts from one monitored post-log CSV (spec §1 call-centre tool).
 * Steps:
 * 1. Read the file and parse it.
 * 2. Any row error: write `<key>.report.json` with status 'rejected' and the first 100 errors;
 *    no record changes (a file is applied whole or not at all).
 * 3. Otherwise build every advertiser's facts, add its industry's typical visits per airing
 *    (when the industry has a benchmark), and upsert them (agents' entries are kept).
 * 4. Write the report with status 'applied', the counts and as_of.
 * Idempotent: the same file again rewrites the same facts (upsertFacts is idempotent).
 */
export async function refreshCallList(
  deps: RefreshCallListDeps,
  key: string,
): Promise<CallListReport> {
  const parsed = parseMonitoringCsv(await deps.readObject(key), REPORT_MAX_ERRORS);
  let report: CallListReport;
  if (parsed.errorCount > 0) {
    report = {
      status: 'rejected',
      key,
      rows: parsed.rows,
      error_count: parsed.errorCount,
      errors: parsed.errors.slice(0, REPORT_MAX_ERRORS),
      checked_at: deps.now().toISOString(),
    };
  } else {
    const facts = buildCallFacts(parsed.airings, await deps.industries());
    const ids = [...new Set(facts.map((f) => f.industry_id).filter(Boolean))];
    const vpa = await deps.industryVisitsPerAiring(ids);
    for (const f of facts) {
      f.industry_summary = { sessions_per_airing: vpa.get(f.industry_id) ?? null };
    }
    const now = deps.now();
    const { created, updated } = await deps.records.upsertFacts(facts, now);
    report = {
      status: 'applied',
      key,
      rows: parsed.rows,
      advertisers: facts.length,
      created,
      updated,
      as_of: facts[0]?.as_of ?? '',
      applied_at: now.toISOString(),
    };
  }
  await deps.writeReport(reportKeyOf(key), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}
