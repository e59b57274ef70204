import {
  PRO_DIGITAL_DIMENSIONS,
  PRO_DIGITAL_METRICS,
  type ProDigital,
  type ProDigitalMetric,
  type ProDigitalRow,
} from '../contracts/pro-digital.schema';
import {
  ENGAGEMENT_UNAVAILABLE,
  formatProDigital,
  formatProDigitalChange,
  PRO_DIGITAL_DIMENSION_LABELS,
  PRO_DIGITAL_LABELS,
  proDigitalMethodNote,
} from '../report/pro-digital';

/**
 * The Pro Digital section on paper: the website-impact comparison (each metric in the windows,
 * in the baseline, and the change) and the detailed tables per station, daypart and creative,
 * with the same words as the screen (layers/shared/report/pro-digital.ts). Pure.
 */

/** One printed table: a caption, column headers and text cells. */
export interface PrintProDigitalTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/** The Pro Digital part of a printout. */
export interface PrintProDigital {
  note: string;
  /** Said when the engagement metrics are not measured; null when they are. */
  unavailable: string | null;
  /** Metric | In airing windows | Baseline | Change; null when website impact is withheld. */
  overall: PrintProDigitalTable | null;
  /** One table per dimension with rows; [] when the detailed metrics are withheld. */
  tables: PrintProDigitalTable[];
  /** Parts the caller has not unlocked, by name (printed as a line, without numbers). */
  locked: string[];
}

/** Rows printed per detailed table at most (by window sessions). */
export const PRINT_MAX_PRO_DIGITAL_ROWS = 25;

/**
 * The printed section, or null when the report has none (older reports) or no airing had
 * windows with sessions.
 */
export function printProDigital(section: ProDigital | null | undefined): PrintProDigital | null {
  if (!section) return null;
  const metrics = PRO_DIGITAL_METRICS.filter((m) => section.available[m]);
  const locked = [
    ...(section.overall ? [] : ['Website impact']),
    ...(section.tables ? [] : ['Detailed digital metrics']),
  ];
  const cell = (row: ProDigitalRow, m: ProDigitalMetric) =>
    `${formatProDigital(m, row[m].in_window)} / ${formatProDigital(m, row[m].baseline)}`;
  const tables = section.tables
    ? PRO_DIGITAL_DIMENSIONS.filter((d) => (section.tables?.[d].length ?? 0) > 0).map((d) => ({
        title: `By ${PRO_DIGITAL_DIMENSION_LABELS[d].toLowerCase()} (in windows / baseline)`,
        columns: [
          PRO_DIGITAL_DIMENSION_LABELS[d],
          'Airings',
          'Sessions in windows',
          ...metrics.map((m) => PRO_DIGITAL_LABELS[m]),
        ],
        rows: (section.tables?.[d] ?? [])
          .slice(0, PRINT_MAX_PRO_DIGITAL_ROWS)
          .map((r) => [
            r.directional ? `${r.label} (directional)` : r.label,
            r.airings.toLocaleString('en-US'),
            Math.round(r.window_sessions).toLocaleString('en-US'),
            ...metrics.map((m) => cell(r, m)),
          ]),
      }))
    : [];
  const o = section.overall;
  return {
    note: proDigitalMethodNote(section),
    unavailable:
      section.available.engaged_rate && section.available.engagement_time_s
        ? null
        : ENGAGEMENT_UNAVAILABLE,
    overall: o
      ? {
          title: o.directional ? 'Website impact (directional)' : 'Website impact',
          columns: ['Metric', 'In airing windows', 'Baseline', 'Change'],
          rows: metrics.map((m) => [
            PRO_DIGITAL_LABELS[m],
            formatProDigital(m, o[m].in_window),
            formatProDigital(m, o[m].baseline),
            formatProDigitalChange(m, o[m]),
          ]),
        }
      : null,
    tables,
    locked,
  };
}
