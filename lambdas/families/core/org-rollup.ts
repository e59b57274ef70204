import { zipSync } from 'fflate';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { buildAdvertiserDocument } from './advertiser';
import {
  type ClientPeriodStats,
  costPerVisitOf,
  type FamilyPeriod,
  vpaOf,
  wholeVisits,
} from './org-rollup-stats';

/**
 * The organisation roll-up (generate_org_reporting; spec §7, §1 report families): every client
 * of an organisation that the caller may see, over one period, as one PDF per client plus one
 * summary CSV with a row per client, in one zip. The per-client document is the advertiser
 * report of that one client.
 */

/** Clients one roll-up covers at most; an organisation with more is refused before any work. */
export const ORG_ROLLUP_MAX_CLIENTS = 500;

/** The per-client document of the roll-up. */
export function clientRollupDocument(input: {
  client: string;
  organisation: string;
  period: FamilyPeriod;
  stats: ClientPeriodStats;
  marketName: (code: string) => string;
}): FamilyDocument {
  const doc = buildAdvertiserDocument({
    advertiser: input.client,
    period: input.period,
    records: [{ org_name: input.organisation, stats: input.stats }],
    marketName: input.marketName,
  });
  return {
    ...doc,
    subtitle: `${input.organisation}: organisation roll-up`,
    // One record: the organisations table would repeat the totals.
    sections: doc.sections.filter((s) => s.title !== 'Organisations carrying it'),
  };
}

/** One client's line of the roll-up: its figures, or why it failed. */
export interface RollupLine {
  client_uid: string;
  client: string;
  /** File name of its PDF inside the zip; null when it failed. */
  pdf: string | null;
  stats: ClientPeriodStats | null;
  error?: string;
}

/** A CSV cell: numbers as they are; text quoted when needed and guarded against formulas. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Header of the roll-up's summary CSV. Money in dollars with cents; visits whole. */
export const SUMMARY_HEADER = [
  'client',
  'client_uid',
  'airings',
  'visits',
  'vpa',
  'spend_usd',
  'cost_per_visit_usd',
  'best_station',
  'pdf',
  'status',
] as const;

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/**
 * The summary CSV: one row per client in the order given (RFC 4180, CRLF). A failed client keeps
 * its row with empty figures and `failed: <reason>` as status. Best station = highest VPA.
 */
export function summaryCsv(lines: readonly RollupLine[]): string {
  const rows = lines.map((l) => {
    const s = l.stats;
    const best = s
      ? [...s.stations]
          .filter((r) => r.airings > 0)
          .sort(
            (a, b) =>
              vpaOf(b.visits, b.airings) - vpaOf(a.visits, a.airings) ||
              b.visits - a.visits ||
              a.station.localeCompare(b.station),
          )[0]
      : undefined;
    return [
      l.client,
      l.client_uid,
      s ? s.airings : null,
      s ? wholeVisits(s.visits) : null,
      s ? vpaOf(s.visits, s.airings) : null,
      s ? dollars(s.cost_cents) : null,
      s ? dollars(costPerVisitOf(s.cost_cents, s.visits)) : null,
      best?.station ?? null,
      l.pdf,
      l.error ? `failed: ${l.error}` : 'ok',
    ];
  });
  return [[...SUMMARY_HEADER], ...rows]
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * A file name for a client's PDF: its name reduced to letters, digits, `-` and `_` (at most 60),
 * made unique among `taken` with `-2`, `-3`... Never empty, never a path.
 */
export function pdfFileName(client: string, taken: Set<string>): string {
  const base =
    client
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'client';
  let name = `${base}.pdf`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}-${i}.pdf`;
  taken.add(name.toLowerCase());
  return name;
}

/** The zip: every PDF at the top level and `summary.csv`. Deflated (PDFs stored as they are). */
export function rollupZip(
  pdfs: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  csv: string,
): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const p of pdfs) files[p.name] = [p.bytes, { level: 0 }];
  files['summary.csv'] = [new TextEncoder().encode(csv), { level: 6 }];
  return zipSync(files);
}
