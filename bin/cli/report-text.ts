import type { BroadcastRow, DimensionKey, ReportDocument } from '#shared/contracts/report.schema';

/**
 * Plain-text rendering of a report document for the terminal: a summary block and
 * fixed-width tables. Visits shown are floored at zero (the JSON keeps signed values).
 */

const TITLES: Partial<Record<DimensionKey, string>> = {
  daypart: 'Daypart',
  day_of_week: 'Day of week',
  station: 'Station',
  program: 'Program',
};

const num = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);

/** The summary lines: airings, visits, attributed visits, VPA, lift share and relative lift. */
export function summaryText(doc: ReportDocument): string {
  const s = doc.summary;
  const lines = [
    `${doc.advertiser}: ${doc.report_date_start} to ${doc.report_date_end} (UTC dates), ` +
      `${doc.settings.window}-minute window, ${doc.settings.attribution_method}, ${doc.settings.resolution} data` +
      (doc.sample_data ? '  [SAMPLE DATA]' : ''),
    `  Airings             ${num(s.airings)}`,
    `  Visits              ${num(s.total_visits)}`,
    `  Attributed visits   ${num(Math.max(0, s.attributed_visits))}  (signed ${num(s.attributed_visits, 1)})`,
    `  VPA                 ${num(s.vpa, 2)}`,
    `  Lift share          ${pct(s.lift_share)}  (attributed / all visits)`,
    `  Relative lift       ${pct(s.relative_lift)}  (95% lower bound ${pct(s.relative_lift_low)})`,
    `  Significant airings ${num(s.significant_airings)} of ${num(s.airings)}`,
    `  Cost per visit      ${money(s.cost_per_visit_cents === null ? null : Math.round(s.cost_per_visit_cents))}`,
  ];
  if (s.claim_holds)
    lines.push('  With 95% confidence, traffic rises at least 5% within the window.');
  return lines.join('\n');
}

/** One table, top `limit` rows in the document's order. */
export function tableText(title: string, rows: BroadcastRow[], limit = 15): string {
  const head = [
    title.padEnd(28),
    'Ads'.padStart(7),
    'Visits'.padStart(10),
    'VPA'.padStart(8),
    'Contrib.'.padStart(9),
    'Cost/visit'.padStart(11),
  ];
  const out = [head.join(' ')];
  for (const row of rows.slice(0, limit)) {
    out.push(
      [
        (row.label.length > 28 ? `${row.label.slice(0, 27)}…` : row.label).padEnd(28),
        num(row.ads).padStart(7),
        num(Math.max(0, row.traffic)).padStart(10),
        num(row.visitsper, 2).padStart(8),
        pct(row.contribution).padStart(9),
        money(
          row.cost_per_visit_cents === null ? null : Math.round(row.cost_per_visit_cents),
        ).padStart(11),
      ].join(' '),
    );
  }
  if (rows.length > limit) out.push(`  … ${rows.length - limit} more rows in the JSON`);
  return out.join('\n');
}

/** Summary plus the daypart, day-of-week, station and program tables. */
export function reportText(doc: ReportDocument): string {
  const parts = [summaryText(doc)];
  for (const [key, title] of Object.entries(TITLES) as [DimensionKey, string][]) {
    parts.push(tableText(title, doc.tables[key] ?? []));
  }
  return parts.join('\n\n');
}
