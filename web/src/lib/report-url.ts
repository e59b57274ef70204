import {
  type BroadcastType,
  broadcastTypeSchema,
  type DrillFilter,
  dimensionSchema,
} from '#shared/contracts/report.schema';
import type { AttributionMethod } from '../api/types';
import { type ChartMetric, parseChartMetric } from './series';
import { type SortState, sortFromParam, sortToParam } from './sort';
import { DEFAULT_VPA_MODE, modeSortKey, parseVpaMode, type VpaMode } from './vpa-mode';

/**
 * The report session in the URL (house-style item 15):
 * pure parsing and writing of the search params, so shared links and the back button restore
 * the view. Invalid values read as absent (never throw).
 *
 * | param          | meaning                                       | default               |
 * |----------------|-----------------------------------------------|-----------------------|
 * | client, report | client uid, report id                         | first client, latest  |
 * | from, to       | next run's date range, YYYY-MM-DD             | the report's range    |
 * | cfrom, cto     | next run's comparison range, YYYY-MM-DD       | previous period       |
 * | type           | broadcast type filter (spec §3 Filters)       | all                   |
 * | spots          | `0` = also rows without airings (has_spots)   | has_spots on          |
 * | method, window | attribution method, window minutes 1-60       | the report's          |
 * | drill          | repeated `dimension:key` drill filters, max 5 | none                  |
 * | campaign       | campaign uid the report is scoped to          | none (whole report)   |
 * | group, tab     | open tab group and tab                        | first group, daypart  |
 * | sort           | `column.asc|desc` or `natural`                | saved, else per mode  |
 * | vpa            | VPA display mode (lib/vpa-mode.ts)            | saved, else auto      |
 * | metric         | chart metric (lib/series.ts)                  | visits                |
 */
export interface ReportUrlState {
  client: string | undefined;
  report: string | undefined;
  /** A saved report being opened (saved_id): the saved-report dialog asks which data to load. */
  saved: string | undefined;
  from: string | undefined;
  to: string | undefined;
  compareFrom: string | undefined;
  compareTo: string | undefined;
  type: BroadcastType;
  /** Spec §3 Filters has_spots: hide table rows without airings. */
  hasSpots: boolean;
  method: AttributionMethod | undefined;
  /** Minutes, 1-60. */
  window: number | undefined;
  /** Drill-down filters without labels (the screen looks labels up in the report). */
  drill: DrillFilter[];
  /** The campaign the report is scoped to (the server narrows to its stored scope). */
  campaign: string | undefined;
  group: string | undefined;
  tab: string;
  sort: SortState;
  vpa: VpaMode;
  metric: ChartMetric;
}

const METHODS: readonly AttributionMethod[] = ['sessions', 'pageviews', 'newuserbaseline'];

/** Most drill filters at once (contract reportFiltersSchema: max 5). */
export const MAX_DRILL = 5;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return isIsoDate(value) ? value : undefined;
};

/** Reads `dimension:key` drill params: unknown dimensions, blanks and duplicates dropped. */
export function readDrill(values: readonly string[]): DrillFilter[] {
  const out: DrillFilter[] = [];
  for (const value of values) {
    const at = value.indexOf(':');
    const dimension = dimensionSchema.safeParse(value.slice(0, at));
    const key = value.slice(at + 1);
    if (at < 1 || !dimension.success || !key || key.length > 200) continue;
    if (out.some((f) => f.dimension === dimension.data && f.key === key)) continue;
    out.push({ dimension: dimension.data, key });
    if (out.length === MAX_DRILL) break;
  }
  return out;
}

/**
 * What the URL falls back to before the built-in defaults: the user's saved report settings
 * (spec §3 Settings `vpa`; per-table sort field and direction). A param in the URL always wins,
 * so a shared link shows what its sender saw.
 */
export interface ReportUrlDefaults {
  vpa?: VpaMode;
  /** The saved sort of a tab; undefined = the tab's default order (lib/sort.ts defaultSort). */
  sortOf?: (tab: string) => SortState | undefined;
}

/** Parses and validates the search params; absent vpa and sort come from `defaults` when given. */
export function readReportUrl(
  params: URLSearchParams,
  defaults: ReportUrlDefaults = {},
): ReportUrlState {
  const tab = params.get('tab') ?? 'daypart';
  const windowNumber = Number(params.get('window'));
  const vpa = parseVpaMode(params.get('vpa')) ?? defaults.vpa ?? DEFAULT_VPA_MODE;
  const savedSort = params.has('sort') ? undefined : defaults.sortOf?.(tab);
  const type = broadcastTypeSchema.safeParse(params.get('type'));
  return {
    client: params.get('client') ?? undefined,
    report: params.get('report') ?? undefined,
    saved: params.get('saved') ?? undefined,
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    compareFrom: dateParam(params, 'cfrom'),
    compareTo: dateParam(params, 'cto'),
    type: type.success ? type.data : 'all',
    hasSpots: params.get('spots') !== '0',
    method: METHODS.find((m) => m === params.get('method')),
    window:
      Number.isInteger(windowNumber) && windowNumber >= 1 && windowNumber <= 60
        ? windowNumber
        : undefined,
    drill: readDrill(params.getAll('drill')),
    campaign: /^[A-Za-z0-9_-]{1,80}$/.test(params.get('campaign') ?? '')
      ? (params.get('campaign') ?? undefined)
      : undefined,
    group: params.get('group') ?? undefined,
    tab,
    sort:
      savedSort !== undefined
        ? savedSort
        : sortFromParam(params.get('sort'), tab, modeSortKey(vpa)),
    vpa,
    metric: parseChartMetric(params.get('metric')),
  };
}

/** A change to the URL state; `null` removes the parameter (back to its default). */
export type ReportUrlPatch = {
  client?: string | null;
  report?: string | null;
  saved?: string | null;
  from?: string | null;
  to?: string | null;
  compareFrom?: string | null;
  compareTo?: string | null;
  type?: BroadcastType | null;
  hasSpots?: boolean | null;
  method?: AttributionMethod | null;
  window?: number | null;
  drill?: readonly DrillFilter[] | null;
  campaign?: string | null;
  group?: string | null;
  tab?: string | null;
  /** `'default'` removes the param, so the tab's default applies. */
  sort?: SortState | 'default';
  vpa?: VpaMode | null;
  metric?: ChartMetric | null;
};

const NAMES: Record<string, string> = { compareFrom: 'cfrom', compareTo: 'cto', hasSpots: 'spots' };

/** Applies a patch to search params, returning new params (the input is not changed). */
export function patchReportUrl(current: URLSearchParams, patch: ReportUrlPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [field, value] of Object.entries(patch)) {
    const name = NAMES[field] ?? field;
    next.delete(name);
    if (value === null || value === undefined) continue;
    if (field === 'sort') {
      if (value !== 'default') next.set(name, sortToParam(value as SortState));
    } else if (field === 'drill') {
      for (const f of value as DrillFilter[]) next.append(name, `${f.dimension}:${f.key}`);
    } else if (field === 'hasSpots') {
      if (value === false) next.set(name, '0');
    } else if (field === 'type') {
      if (value !== 'all') next.set(name, String(value));
    } else if (field === 'vpa') {
      if (value !== DEFAULT_VPA_MODE) next.set(name, String(value));
    } else next.set(name, String(value));
  }
  return next;
}
