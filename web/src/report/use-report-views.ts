import type {
  BroadcastRow,
  BroadcastType,
  DimensionKey,
  DrillFilter,
  PeriodResult,
  ReportFilters,
  ReportSummary,
  ReportView,
} from '#shared/contracts/report.schema';
import {
  type DrilldownRoute,
  isUnfiltered,
  sameFilters,
  useDrilldowns,
} from '../api/use-drilldowns';
import type { TabGroup } from '../lib/tab-groups';

/** Tables of one view, per dimension. */
export type Tables = Partial<Record<DimensionKey, readonly BroadcastRow[]>>;

/** What the screen shows for one set of filters. */
export interface FilteredView {
  summary: ReportSummary;
  /** Null while a group's first data load (nothing sensible to show yet). */
  tables: Tables | null;
  compare: PeriodResult | null;
  /** New data are loading; what is shown is the previous data. */
  pending: boolean;
  /** The last load failed (the previous data stay on screen). */
  failed: boolean;
}

/** The route serving a broadcast type: streaming and podcast airings have their own. */
export function routeFor(type: BroadcastType): DrilldownRoute {
  return type === 'streaming' || type === 'podcast'
    ? 'fetch_stream_drilldowns'
    : 'fetch_drilldowns';
}

function unfilteredView(report: ReportView): FilteredView {
  return {
    summary: report.summary,
    tables: report.tables,
    compare: report.compare,
    pending: false,
    failed: false,
  };
}

/**
 * The report filtered to `filters` (drill-downs): the report itself when unfiltered,
 * otherwise fetch_drilldowns / fetch_stream_drilldowns. While new data load, the previous
 * data stay on screen (SWR keepPreviousData) and `pending` is set, so nothing flashes. With
 * `strictType`, previous data of ANOTHER broadcast type are not shown (tables: null): the tab
 * group's rows must never sit under another group's tabs.
 */
function useFilteredView(
  report: ReportView,
  filters: ReportFilters,
  route: DrilldownRoute,
  enabled: boolean,
  strictType: boolean,
): FilteredView {
  const unfiltered = isUnfiltered(filters);
  const swr = useDrilldowns(
    route,
    report.client_uid,
    report.report_id,
    filters,
    enabled && !unfiltered,
  );
  if (unfiltered || !enabled) return unfilteredView(report);
  const data = swr.data?.report_id === report.report_id ? swr.data : undefined;
  const current = data !== undefined && sameFilters(data.filters, filters);
  const failed = swr.error !== undefined && !swr.isValidating;
  if (!data || (strictType && data.filters.broadcast_type !== filters.broadcast_type)) {
    const fallback = unfilteredView(report);
    return strictType
      ? { ...fallback, tables: null, pending: !failed, failed }
      : { ...fallback, pending: !failed, failed };
  }
  return {
    summary: data.main.summary,
    tables: data.main.tables,
    compare: data.compare,
    pending: !current && !failed,
    failed,
  };
}

/**
 * The two views of the report screen: `main` (KPI tiles, top performers, pies, bubbles) under
 * the controls bar's broadcast type, the drill filters and the campaign scope (`campaign`: a
 * campaign uid the server narrows the report to), and `group` (the breakdown card's
 * tables) under the open tab group's type and the same drill filters. When both ask the same
 * thing, one request serves both.
 */
export function useReportViews(
  report: ReportView,
  filterType: BroadcastType,
  drill: readonly DrillFilter[],
  group: TabGroup,
  campaign?: string,
): { main: FilteredView; group: FilteredView } {
  const scope = campaign ? { campaign_uid: campaign } : {};
  const mainFilters: ReportFilters = { broadcast_type: filterType, drill: [...drill], ...scope };
  const groupFilters: ReportFilters = {
    broadcast_type: group.broadcastType,
    drill: [...drill],
    ...scope,
  };
  const shared = group.broadcastType === filterType;
  const main = useFilteredView(report, mainFilters, routeFor(filterType), true, false);
  const own = useFilteredView(report, groupFilters, group.route, !shared, true);
  return { main, group: shared ? main : own };
}
