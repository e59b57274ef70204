import type { BroadcastType, DimensionKey } from '#shared/contracts/report.schema';

/**
 * Tab groups of the breakdown card (spec §2 "Report screens"): each
 * group is one station-type family with its own tabs and its own data.
 *
 * - TV & radio: daypart, day of week, day of month, week number, month of year, station,
 *   program (+ creative, spot length).
 * - Cable: the calendar tabs, network, cable zone, program (+ creative, spot length).
 * - Streaming and Podcast: their rows come from `fetch_stream_drilldowns`.
 *
 * A report whose airings are all TV and radio has one "TV & radio" group over the whole
 * report (broadcast_type `all`). A report mixing families gets "All types" first and one group
 * per family present; the API filters by one type at a time, so TV and radio then split into
 * their own groups rather than mixing cable rows into the TV tabs.
 */
export interface TabGroup {
  key: 'all' | 'broadcast' | BroadcastType;
  label: string;
  /** Tabs in order; tabs without rows are hidden at render time (visibleDimensions). */
  dimensions: readonly DimensionKey[];
  /** The filter the group's data are fetched with. */
  broadcastType: BroadcastType;
  /** The route serving the group's rows. */
  route: 'fetch_drilldowns' | 'fetch_stream_drilldowns';
}

const CALENDAR: readonly DimensionKey[] = [
  'daypart',
  'day_of_week',
  'day_of_month',
  'week_number',
  'month_of_year',
];
const TAIL: readonly DimensionKey[] = ['creative', 'spot_length'];

/** TV and radio tabs (spec §2). */
export const BROADCAST_TABS: readonly DimensionKey[] = [...CALENDAR, 'station', 'program', ...TAIL];
/** Cable tabs (spec §2). */
export const CABLE_TABS: readonly DimensionKey[] = [
  ...CALENDAR,
  'network',
  'cable_zone',
  'program',
  ...TAIL,
];
/** Streaming and podcast tabs: publisher (station), network, program, plus the calendar. */
export const STREAM_TABS: readonly DimensionKey[] = [
  ...CALENDAR,
  'station',
  'network',
  'program',
  ...TAIL,
];
/** Every tab, for the "All types" group. */
export const ALL_TABS: readonly DimensionKey[] = [
  ...CALENDAR,
  'station',
  'network',
  'cable_zone',
  'program',
  ...TAIL,
];

const FAMILY: Record<Exclude<BroadcastType, 'all'>, Omit<TabGroup, 'key' | 'broadcastType'>> = {
  tv: { label: 'TV', dimensions: BROADCAST_TABS, route: 'fetch_drilldowns' },
  radio: { label: 'Radio', dimensions: BROADCAST_TABS, route: 'fetch_drilldowns' },
  cable: { label: 'Cable', dimensions: CABLE_TABS, route: 'fetch_drilldowns' },
  streaming: { label: 'Streaming', dimensions: STREAM_TABS, route: 'fetch_stream_drilldowns' },
  podcast: { label: 'Podcast', dimensions: STREAM_TABS, route: 'fetch_stream_drilldowns' },
};

const ORDER: readonly Exclude<BroadcastType, 'all'>[] = [
  'tv',
  'radio',
  'cable',
  'streaming',
  'podcast',
];

/** The station types of a report in the API's order, unknown strings dropped. */
export function knownTypes(stationTypes: readonly string[]): Exclude<BroadcastType, 'all'>[] {
  return ORDER.filter((t) => stationTypes.includes(t));
}

/**
 * The groups to show for a report with `stationTypes`, when the whole report is filtered to
 * `filterType` (the controls bar's broadcast type; `all` = unfiltered). Never empty: a report
 * without known types gets the TV & radio group over the whole report.
 */
export function tabGroups(stationTypes: readonly string[], filterType: BroadcastType): TabGroup[] {
  const broadcastGroup: TabGroup = {
    key: 'broadcast',
    label: 'TV & radio',
    dimensions: BROADCAST_TABS,
    broadcastType: 'all',
    route: 'fetch_drilldowns',
  };
  if (filterType !== 'all') {
    return [{ key: filterType, broadcastType: filterType, ...FAMILY[filterType] }];
  }
  const types = knownTypes(stationTypes);
  if (types.every((t) => t === 'tv' || t === 'radio')) return [broadcastGroup];
  const all: TabGroup = {
    key: 'all',
    label: 'All types',
    dimensions: ALL_TABS,
    broadcastType: 'all',
    route: 'fetch_drilldowns',
  };
  return [all, ...types.map((t) => ({ key: t, broadcastType: t, ...FAMILY[t] }))];
}

/** Picks the group `key` from `groups`, falling back to the first. */
export function pickGroup(groups: readonly TabGroup[], key: string | undefined): TabGroup {
  return groups.find((g) => g.key === key) ?? groups[0]!;
}
