import useSWR from 'swr';
import { type ReportView, reportViewSchema } from '../../../layers/shared/contracts/report.schema';
import { ApiError, callRoute } from './client';

/**
 * Fetches a report view (route get_report, GET { client_uid, report_id? }) and checks it against
 * the shared contract. Resolves to `null` when the client has no report yet (404 not_found).
 * @throws ApiError (code `invalid_report` when the document breaks the contract).
 */
export async function fetchReport(input: {
  client_uid: string;
  report_id?: string;
}): Promise<ReportView | null> {
  try {
    const raw = await callRoute<unknown>('get_report', input);
    const parsed = reportViewSchema.safeParse(raw);
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
