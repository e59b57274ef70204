import useSWR, { mutate as mutateGlobal } from 'swr';
import type { ZodType } from 'zod';
import {
  type SavedReport,
  type SavedReportsResult,
  type SavedReportView,
  type SaveReportInput,
  savedReportSchema,
  savedReportsResultSchema,
  savedReportViewSchema,
} from '#shared/contracts/report-session.schema';
import { ApiError, callRoute } from './client';

/**
 * Saved reports of a client (spec §4 "Saved report", §7 save_report): the list, one
 * saved report with its stale flag, and the save call. Results are checked against the shared
 * contract (layers/shared/contracts/report-session.schema.ts).
 */

/** Calls a route and checks its result. @throws ApiError (`invalid_result` on a contract break) */
async function call<T>(name: string, input: Record<string, unknown>, schema: ZodType<T>) {
  const parsed = schema.safeParse(await callRoute<unknown>(name, input));
  if (!parsed.success) throw new ApiError('This answer could not be read.', 'invalid_result', 200);
  return parsed.data;
}

/** The SWR key of a client's saved-report list. */
export const savedReportsKey = (clientUid: string) =>
  ['saved_reports', { client_uid: clientUid }] as const;

/** saved_reports (GET { client_uid }): newest first. @throws ApiError */
export function fetchSavedReports(input: { client_uid: string }): Promise<SavedReportsResult> {
  return call('saved_reports', input, savedReportsResultSchema);
}

/** get_saved_report (GET { client_uid, saved_id }). @throws ApiError */
export function fetchSavedReport(input: {
  client_uid: string;
  saved_id: string;
}): Promise<SavedReportView> {
  return call('get_saved_report', input, savedReportViewSchema);
}

/**
 * save_report (POST). Pass the same `saved_id` when retrying one save so it is stored once.
 * Refreshes the client's list afterwards.
 * @throws ApiError (field errors name the field, e.g. `name`).
 */
export async function saveReport(input: SaveReportInput): Promise<SavedReport> {
  const saved = await call('save_report', { ...input }, savedReportSchema);
  await mutateGlobal(savedReportsKey(input.client_uid));
  return saved;
}

/** The saved reports of a client; no client -> no request. */
export function useSavedReports(clientUid: string | undefined) {
  return useSWR(clientUid ? savedReportsKey(clientUid) : null, ([, input]) =>
    fetchSavedReports(input),
  );
}

/**
 * One saved report and whether it is stale (a newer report exists or the post-log changed).
 * Key `['get_saved_report', { client_uid, saved_id }]`; nothing is fetched without both ids.
 */
export function useSavedReport(clientUid: string | undefined, savedId: string | undefined) {
  return useSWR(
    clientUid && savedId
      ? (['get_saved_report', { client_uid: clientUid, saved_id: savedId }] as const)
      : null,
    ([, input]) => fetchSavedReport(input),
    { revalidateOnFocus: false },
  );
}
