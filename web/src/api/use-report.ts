import useSWR from 'swr';
import { type ReportView, reportViewSchema } from '#shared/contracts/report.schema';
import { ApiError, callRoute } from './client';

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Broadcast rows stored in the older shape lack the per-impression fields: they had none. */
function upgradeTables(tables: unknown): unknown {
  if (!isObject(tables)) return tables;
  return Object.fromEntries(
    Object.entries(tables).map(([dimension, rows]) => [
      dimension,
      Array.isArray(rows)
        ? rows.map((r) =>
            isObject(r) ? { impressions: null, visits_per_impression: null, ...r } : r,
          )
        : rows,
    ]),
  );
}

/**
 * Fills the fields added later (comparison, chart series, station types, paywall flags, row
 * impressions) on a report stored before them, with what such a report had: no comparison, an
 * empty series, no known station types, no paywall. Present fields are never touched, so a
 * current document is checked exactly as sent.
 */
export function upgradeReport(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const compare = isObject(raw.compare)
    ? { ...raw.compare, tables: upgradeTables(raw.compare.tables) }
    : raw.compare;
  return {
    report_compare_date_start: null,
    report_compare_date_end: null,
    compare: null,
    series: { bucket: 'day', points: [] },
    station_types: [],
    max_reports: false,
    free_report: false,
    insights: null,
    ...raw,
    ...(compare === undefined ? {} : { compare }),
    tables: upgradeTables(raw.tables),
  };
}

/**
 * Fetches a report view (route get_report, GET { client_uid, report_id? }) and checks it against
 * the shared contract (after upgradeReport for documents stored in the older shape). Resolves to
 * `null` when the client has no report yet (404 not_found).
 * @throws ApiError (code `invalid_report` when the document breaks the contract).
 */
export async function fetchReport(input: {
  client_uid: string;
  report_id?: string;
}): Promise<ReportView | null> {
  try {
    const raw = await callRoute<unknown>('get_report', input);
    const parsed = reportViewSchema.safeParse(upgradeReport(raw));
    if (!parsed.success) {
      console.error('get_report result breaks the contract', parsed.error.issues.slice(0, 5));
      throw new ApiError('This report could not be read.', 'invalid_report', 200);
    }
    return parsed.data;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * The report for a client: the latest one, or `reportId` when given. No client -> no request.
 * Key `['get_report', { client_uid, report_id }]`; keeps the previous report while loading, so
 * callers must compare `data.client_uid` to know whether it is this client's.
 */
export function useReport(clientUid: string | undefined, reportId?: string) {
  return useSWR(
    clientUid ? (['get_report', { client_uid: clientUid, report_id: reportId }] as const) : null,
    ([, input]) => fetchReport(input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
