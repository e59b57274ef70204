import {
  PRINT_COLUMNS,
  type PrintColumn,
  type PrintCustomizeInput,
} from '#shared/contracts/print.schema';
import type { ReportSettingsDoc } from '#shared/contracts/report-session.schema';

/**
 * What a printout says, from the report settings the Customize window keeps (the browser's
 * print_report and scheduled deliveries print the same way): cover page, executive summary, station and rep
 * fields; sections switched off in settings are left out of the printout too (KPI summary,
 * chart, tables, industry response summary); a column hidden in every table that has settings is left out of the printed
 * tables. Blank texts are left out, so the printout falls back to its defaults.
 */
export function printCustomizeOf(settings: ReportSettingsDoc): PrintCustomizeInput {
  const hidden_sections: string[] = [];
  if (!settings.sections.summary) hidden_sections.push('summary');
  if (!settings.sections.chart) hidden_sections.push('chart');
  if (!settings.sections.tables) hidden_sections.push('tables');
  if (!settings.sections.industry) hidden_sections.push('industry');
  if (!settings.cover.show) hidden_sections.push('cover');
  const tables = Object.values(settings.tables);
  const hidden_columns = (Object.keys(PRINT_COLUMNS) as PrintColumn[]).filter(
    (column) =>
      tables.length > 0 &&
      tables.every((t) => (t?.hidden_columns as readonly string[] | undefined)?.includes(column)),
  );
  const summary = settings.executive_summary?.trim();
  return {
    cover: { ...settings.cover },
    ...(summary ? { executive_summary: summary } : {}),
    station: { ...settings.station },
    rep: { ...settings.rep },
    hidden_sections,
    hidden_columns,
  };
}
