import type { PrintColumn } from '../contracts/print.schema';
import type { FootTrafficResult } from '../contracts/report.schema';
import { formatPercent } from '../format';
import { type PrintKpi, printKpis } from './print-kpis';
import { type PrintTable, printTables } from './print-tables';

/**
 * Foot traffic on paper (foot-traffic visits as a second response source): the
 * store-visit KPIs, the daypart, day-of-week and station tables, and the locations, with the
 * web wording turned into store visits. Pure.
 */

/** The foot-traffic part of a printout. */
export interface PrintFootTraffic {
  /** How the response is counted (minute window, or the clock hour for hourly panels). */
  note: string;
  kpis: PrintKpi[];
  tables: PrintTable[];
  /**
   * Locations by store visits: name (the client's nickname with the store id, else the store
   * id), DMA code ('Unknown' when none), store visits, share.
   */
  locations: Array<{ location: string; dma: string; visits: string; share: string }>;
}

/** The tables foot traffic prints (the others stay on screen). */
const FOOT_TABLES = new Set(['daypart', 'day_of_week', 'station']);

/** Web wording -> store wording, for KPI and column labels. */
const STORE_WORDS: Record<string, string> = {
  Visits: 'Store visits',
  'Attributed visits': 'Attributed store visits',
  VPA: 'Store VPA',
  'Lift share': 'Share of store visits',
  'Cost per visit': 'Cost per store visit',
  'Cost per Visit': 'Cost per store visit',
  'Share of Visits': 'Share of store visits',
  'Share of VPA': 'Share of store VPA',
};
const storeWords = (label: string) => STORE_WORDS[label] ?? label;

/** What a report says when store visits outside the locations' opening hours were left out. */
export const OUTSIDE_HOURS_NOTE = 'Store visits outside opening hours are not counted.';

/** Locations printed at most (the rest are counted in the note of the screen's Locations tab). */
export const PRINT_MAX_LOCATIONS = 50;

/**
 * The foot-traffic section of a report, or null when it has none (or none of its airings).
 * `windowMinutes`: the report's window, for the note.
 */
export function printFootTraffic(
  foot: FootTrafficResult | null | undefined,
  windowMinutes: number,
  hiddenColumns: readonly PrintColumn[],
): PrintFootTraffic | null {
  if (!foot || foot.summary.airings === 0) return null;
  const hidden = new Set(
    Object.keys(foot.tables).filter((dimension) => !FOOT_TABLES.has(dimension)),
  );
  return {
    note:
      (foot.resolution === 'hour'
        ? 'Store visits from the location panel, counted in the clock hour of each airing (hourly data: wider intervals).'
        : `Store visits from the location panel, counted within ${windowMinutes} minutes of each airing.`) +
      (foot.outside_hours_excluded ? ` ${OUTSIDE_HOURS_NOTE}` : ''),
    kpis: printKpis(foot.summary, null).map((k) => ({ ...k, label: storeWords(k.label) })),
    tables: printTables(foot.tables, hidden, hiddenColumns).map((t) => ({
      ...t,
      columns: t.columns.map((c) => ({ ...c, label: storeWords(c.label) })),
    })),
    locations: foot.locations.slice(0, PRINT_MAX_LOCATIONS).map((l) => ({
      location: l.nickname ? `${l.nickname} (${l.location_id})` : l.location_id,
      dma: l.dma_code || 'Unknown',
      visits: Math.round(l.visits).toLocaleString('en-US'),
      share: formatPercent(Math.max(0, l.share)),
    })),
  };
}
