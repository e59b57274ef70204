import type { BroadcastRow } from '#shared/contracts/report.schema';

/** One CSV cell: text, a number, or empty. */
export type CsvCell = string | number | null;

/**
 * Quotes a cell per RFC 4180 (quotes when it holds a comma, quote, CR or LF; quotes doubled).
 * Text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, so a spreadsheet never
 * runs a station or program name as a formula (CSV injection); numbers are written as numbers.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document: header line plus rows, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows]
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * A broadcast table as CSV, rows in the order shown. Values are the exact, signed numbers
 * behind the screen (the table floors visits at zero and abbreviates; a spreadsheet should not):
 * visits and VPA as estimated, percentages as fractions (0.123 = 12.3%), money in dollars with
 * cents, the 95% interval of the visits, the halo and directional flags, then ROI (visits per
 * dollar, roi_raw), impressions (downloads on podcast rows) and visits per impression (per
 * 1,000 impressions for streaming, per download = VPD for podcasts); blank when unknown.
 * `labels` renames the response columns as the screen does (e.g. foot traffic: `traffic` ->
 * "Store visits"); the interval columns follow the `traffic` label.
 */
export function broadcastCsv(
  dimensionColumn: string,
  rows: readonly BroadcastRow[],
  withShares: boolean,
  labels: Partial<Record<string, string>> = {},
): string {
  const dollars = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);
  const visits = labels.traffic ?? 'Visits';
  const header = [
    dimensionColumn,
    'Ads',
    visits,
    labels.visitsper ?? 'VPA',
    labels.contribution ?? 'Traffic Contribution',
    'Cost',
    labels.cost_per_visit_cents ?? 'Cost per Visit',
    ...(withShares
      ? [
          labels.volume_share ?? 'Share of Ads',
          labels.traffic_share ?? 'Share of Visits',
          labels.visitsper_share ?? 'Share of VPA',
        ]
      : []),
    `${visits} 95% low`,
    `${visits} 95% high`,
    'p-value',
    'Halo',
    'Directional',
    labels.roi_raw ?? 'ROI (visits per $)',
    'Impressions',
    'Visits per impression',
  ];
  const body = rows.map((r) => [
    r.label,
    r.ads,
    round(r.traffic, 2),
    round(r.visitsper, 4),
    round(r.contribution, 4),
    dollars(r.cost_cents),
    dollars(r.cost_per_visit_cents),
    ...(withShares
      ? [round(r.volume_share, 4), round(r.traffic_share, 4), round(r.visitsper_share, 4)]
      : []),
    round(r.ci_low, 2),
    round(r.ci_high, 2),
    round(r.p_value, 4),
    r.halo ? 'yes' : '',
    r.directional ? 'yes' : '',
    r.roi_raw === null ? null : round(r.roi_raw, 4),
    r.impressions,
    r.visits_per_impression === null ? null : round(r.visits_per_impression, 4),
  ]);
  return toCsv(header, body);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
