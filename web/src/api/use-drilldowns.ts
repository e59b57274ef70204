import useSWR from 'swr';
import {
  type DrilldownView,
  drilldownViewSchema,
  type ReportFilters,
} from '#shared/contracts/report.schema';
import { ApiError, callRoute } from './client';

/** The two drill-down routes (spec §7): all station types, or streaming and podcast airings. */
export type DrilldownRoute = 'fetch_drilldowns' | 'fetch_stream_drilldowns';

/** Input of fetch_drilldowns / fetch_stream_drilldowns (spec §7). */
export interface DrilldownInput {
  client_uid: string;
  report_id?: string;
  filters: ReportFilters;
}

/**
 * Calls a drill-down route (POST) and checks the answer against the shared contract.
 * @throws ApiError (code `invalid_drilldown` when the answer breaks the contract; the server's
 * code otherwise, e.g. `not_found` for a client the caller may not see).
 */
export async function fetchDrilldowns(
  route: DrilldownRoute,
  input: DrilldownInput,
): Promise<DrilldownView> {
  const raw = await callRoute<unknown>(route, { ...input });
  const parsed = drilldownViewSchema.safeParse(raw);
  if (!parsed.success) {
    console.error(`${route} result breaks the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError('This breakdown could not be read.', 'invalid_drilldown', 200);
  }
  return parsed.data;
}

/** True when filters select the whole report (no fetch needed: the report itself answers). */
export function isUnfiltered(filters: ReportFilters): boolean {
  return filters.broadcast_type === 'all' && filters.drill.length === 0 && !filters.campaign_uid;
}

/** Same filters (labels ignored: they are display text, not part of the selection). */
export function sameFilters(a: ReportFilters, b: ReportFilters): boolean {
  return (
    a.broadcast_type === b.broadcast_type &&
    a.campaign_uid === b.campaign_uid &&
    a.drill.length === b.drill.length &&
    a.drill.every((f, i) => f.dimension === b.drill[i]?.dimension && f.key === b.drill[i]?.key)
  );
}

/**
 * A filtered view of a report (routes fetch_drilldowns / fetch_stream_drilldowns). No client,
 * no report id, or `enabled` false -> no request. Key `[route, { client_uid, report_id,
 * filters }]` (labels dropped so a label never refetches); `keepPreviousData` keeps the last
 * view on screen while the next loads (house-style item 16), so callers compare `data.filters`
 * with what they asked for (sameFilters) to know whether the data are current.
 * @default enabled true
 */
export function useDrilldowns(
  route: DrilldownRoute,
  clientUid: string | undefined,
  reportId: string | undefined,
  filters: ReportFilters,
  enabled = true,
) {
  const keyFilters: ReportFilters = {
    broadcast_type: filters.broadcast_type,
    drill: filters.drill.map(({ dimension, key }) => ({ dimension, key })),
    ...(filters.campaign_uid ? { campaign_uid: filters.campaign_uid } : {}),
  };
  return useSWR(
    enabled && clientUid && reportId
      ? ([route, { client_uid: clientUid, report_id: reportId, filters: keyFilters }] as const)
      : null,
    ([name, input]) => fetchDrilldowns(name, input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
