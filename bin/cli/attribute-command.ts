import { performance } from 'node:perf_hooks';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { attribute } from '../../lambdas/attribution/core/attribute';
import { buildReportDocument } from '../../lambdas/attribution/core/report-document';
import { buildReportSeries } from '../../lambdas/attribution/core/report-series';
import type { AttributionMethod } from '../../lambdas/attribution/core/types';
import { buildVisitDataColumns } from '../../lambdas/attribution/core/visit-data';
import { readPostlogFile } from '../../lambdas/imports/core/read-postlog-file';
import { reportText } from './report-text';
import { startVisitsRead } from './visits-read';

/** The CLI's flags, as parsed strings. */
export interface AttributeFlags {
  postlog?: string;
  visits?: string;
  advertiser?: string;
  window?: string;
  method?: string;
  from?: string;
  to?: string;
}

const METHODS: AttributionMethod[] = ['sessions', 'pageviews', 'newuserbaseline'];
const DAY = 86_400;

function dayFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(t)) {
    throw new Error(`--${flag} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return t / 1000;
}

/** Most row errors the CLI lists; the rest are counted. */
export const MAX_CLI_ROW_ERRORS = 100;

/**
 * The message of a file with bad rows: the count, then one line per error (the first
 * MAX_CLI_ROW_ERRORS) with its 1-based data row (0 = the header), field and reason.
 */
function rowErrors(
  file: string,
  errors: readonly { row: number; field: string; message: string }[],
  total: number,
): string {
  const listed = errors.slice(0, MAX_CLI_ROW_ERRORS);
  const head = `${file}: ${total} error${total === 1 ? '' : 's'}${listed.length < total ? ` (the first ${listed.length} listed)` : ''}:`;
  const lines = listed.map((e) => `  row ${e.row}, field ${e.field}: ${e.message}`);
  const more = total - listed.length;
  return [head, ...lines, ...(more > 0 ? [`  …and ${more} more.`] : [])].join('\n');
}

const isoDay = (utc: number) => new Date(utc * 1000).toISOString().slice(0, 10);

/** The CLI's stages, in order, as `--timings` names them (write-json is bin/attribute.ts's). */
export type AttributeStage =
  | 'read-postlog'
  | 'read-visits'
  | 'series'
  | 'attribute'
  | 'report'
  | 'write-json';

/**
 * Runs the terminal attribution: reads the post-log and the visits CSV, attributes, and builds
 * the report document with its summary chart series (--from/--to are inclusive UTC dates;
 * default: the post-log's span; no comparison period).
 * The two files are read at the same time (the visits on a worker thread when the command runs
 * from its bundles, visits-read.ts).
 * `progress` receives one line per stage; `timing` the wall seconds of each stage once it ends
 * (read-postlog, read-visits = the wait for the visits after the post-log is read, series = the
 * engine's dense visit series, attribute = the engine,
 * report = the report document, its chart series and the printed tables).
 * @throws Error naming the flag, or the file with every bad row (the first 100: row, field and
 *   reason, one per line).
 */
export async function runAttributeCommand(
  flags: AttributeFlags,
  progress: (line: string) => void = () => {},
  timing: (stage: AttributeStage, seconds: number) => void = () => {},
): Promise<{ doc: ReportDocument; text: string }> {
  let mark = performance.now();
  const lap = (stage: AttributeStage) => {
    const now = performance.now();
    timing(stage, (now - mark) / 1000);
    mark = now;
  };
  if (!flags.postlog) throw new Error('missing --postlog FILE');
  if (!flags.visits) throw new Error('missing --visits FILE');
  const windowMinutes = Number(flags.window ?? '8');
  if (!Number.isInteger(windowMinutes) || windowMinutes < 1 || windowMinutes > 60) {
    throw new Error(
      `--window must be a whole number of minutes from 1 to 60, got "${flags.window}"`,
    );
  }
  const method = (flags.method ?? 'sessions') as AttributionMethod;
  if (!METHODS.includes(method))
    throw new Error(`--method must be one of ${METHODS.join(', ')}, got "${flags.method}"`);
  const from = dayFlag('from', flags.from);
  const toInclusive = dayFlag('to', flags.to);

  // The visits read starts first (on a worker thread under the bundle, visits-read.ts) and runs
  // while the post-log is read here; its errors still come after the post-log's.
  const visitsRead = startVisitsRead(flags.visits);
  try {
    progress(`reading post-log ${flags.postlog}`);
    const postlog = await readPostlogFile(flags.postlog, { advertiser: flags.advertiser });
    if (postlog.error_count > 0) {
      throw new Error(rowErrors(flags.postlog, postlog.errors, postlog.error_count));
    }
    if (postlog.airings.length === 0) throw new Error(`${flags.postlog}: no airings`);
    lap('read-postlog');
    progress(
      `  ${postlog.airings.length.toLocaleString('en-US')} airings, ${postlog.warnings.length} warnings`,
    );
    progress(`reading visits ${flags.visits}`);
    const visitsFile = await visitsRead.result;
    if (visitsFile.error_count > 0) {
      throw new Error(rowErrors(flags.visits, visitsFile.errors, visitsFile.error_count));
    }
    lap('read-visits');
    const metric =
      method === 'pageviews'
        ? visitsFile.pageviews
        : method === 'newuserbaseline'
          ? visitsFile.newUsers
          : visitsFile.sessions;
    // The reader's dictionary-coded DMAs go in as they are: no string per row (millions).
    const visits = buildVisitDataColumns(
      {
        bucketUtc: visitsFile.bucketUtc,
        dmaIndex: visitsFile.dmaIndex,
        dmaCodes: visitsFile.dmaCodes,
        values: metric,
      },
      visitsFile.resolution,
    );
    progress(`  ${visitsFile.length.toLocaleString('en-US')} ${visitsFile.resolution} rows`);
    lap('series');

    const starts = postlog.airings.map((a) => a.startUtc);
    const fromUtc = from ?? Math.floor(Math.min(...starts) / DAY) * DAY;
    const toUtc =
      toInclusive !== undefined
        ? toInclusive + DAY
        : Math.floor(Math.max(...starts) / DAY) * DAY + DAY;
    if (toUtc <= fromUtc) throw new Error('--to must not be before --from');

    progress('attributing');
    const options = { windowMinutes, fromUtc, toUtc };
    const result = attribute(postlog.airings, visits, options);
    lap('attribute');
    const inRange = postlog.airings.filter((a) => a.startUtc >= fromUtc && a.startUtc < toUtc);
    progress(`  ${result.airings.length.toLocaleString('en-US')} airings attributed`);
    const doc = buildReportDocument({
      reportId: 'cli',
      clientUid: 'cli',
      advertiser: postlog.advertiser,
      generatedAt: new Date().toISOString(),
      sampleData: false,
      reportDateStart: isoDay(fromUtc),
      reportDateEnd: isoDay(toUtc - DAY),
      method,
      airings: inRange,
      result,
      series: buildReportSeries(postlog.airings, visits, options),
    });
    const text = reportText(doc);
    lap('report');
    return { doc, text };
  } finally {
    visitsRead.cancel(); // the reader's thread is done with, or no longer wanted
  }
}
