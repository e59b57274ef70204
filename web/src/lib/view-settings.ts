import { dimensionSchema } from '#shared/contracts/report.schema';
import {
  type ReportSettingsDoc,
  type TableSettings,
  tableSettingsSchema,
} from '#shared/contracts/report-session.schema';
import type { ReportUrlDefaults, ReportUrlPatch, ReportUrlState } from './report-url';
import { SORT_KEYS, type SortState } from './sort';
import { DEFAULT_VPA_MODE } from './vpa-mode';

/**
 * The saved report settings and the URL's view, kept in step (spec §3 Settings "per-table sort
 * field and direction; hidden columns", `vpa`). The URL is what
 * is on screen and what a link shares; the settings are what the user gets back next time. So
 * the saved VPA mode and table sorts fill what the URL leaves out, and a sort or mode picked on
 * screen is saved too.
 */

/** A table's saved sort as a SortState; undefined when it keeps the default order. */
export function savedSort(table: TableSettings | undefined): SortState | undefined {
  const key = SORT_KEYS.find((k) => k === table?.sort_field);
  return table && key ? { key, dir: table.sort_desc ? 'desc' : 'asc' } : undefined;
}

/** The URL defaults of a settings document: its VPA mode and its tables' sorts. */
export function urlDefaultsOf(settings: ReportSettingsDoc): ReportUrlDefaults {
  return {
    vpa: settings.vpa,
    sortOf: (tab) => {
      const dimension = dimensionSchema.safeParse(tab);
      return dimension.success ? savedSort(settings.tables[dimension.data]) : undefined;
    },
  };
}

/**
 * The settings after a view change made on screen, or null when it changes nothing saved. A
 * header click (a sort) is saved for the table it sorted (the patch's tab, else the open one);
 * the mode picker's choice is saved as the VPA mode. Resets to a tab's default order (`'default'`,
 * sent when switching tab groups or filters) are not choices and are not saved.
 */
export function rememberView(
  settings: ReportSettingsDoc,
  patch: ReportUrlPatch,
  before: Pick<ReportUrlState, 'tab'>,
): ReportSettingsDoc | null {
  let next = settings;
  if (patch.vpa !== undefined) {
    const vpa = patch.vpa ?? DEFAULT_VPA_MODE;
    if (vpa !== settings.vpa) next = { ...next, vpa };
  }
  const dimension = dimensionSchema.safeParse(patch.tab ?? before.tab);
  if (patch.sort !== undefined && patch.sort !== 'default' && dimension.success) {
    const table = next.tables[dimension.data] ?? tableSettingsSchema.parse({});
    const sort = patch.sort;
    const saved = { sort_field: sort?.key ?? null, sort_desc: sort ? sort.dir === 'desc' : true };
    if (table.sort_field !== saved.sort_field || table.sort_desc !== saved.sort_desc) {
      next = { ...next, tables: { ...next.tables, [dimension.data]: { ...table, ...saved } } };
    }
  }
  return next === settings ? null : next;
}
