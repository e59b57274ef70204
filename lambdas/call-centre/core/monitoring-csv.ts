import { CsvSplitter } from '../../imports/core/csv-records';
import type { MonitoredAiring } from './ports';

/**
 * The monitored market post-log the call list is built from: a detection log across stations
 * (not a customer's own post-log). Columns, by header name in any order (case-insensitive):
 * advertiser, industry_id, station, dma_code, program, start_utc (ISO-8601 UTC), length_s and
 * cost (dollars, optional). industry_id, program and cost may be left out or empty.
 */
export const MONITORING_COLUMNS = [
  'advertiser',
  'industry_id',
  'station',
  'dma_code',
  'program',
  'start_utc',
  'length_s',
  'cost',
] as const;
export type MonitoringColumn = (typeof MONITORING_COLUMNS)[number];

const REQUIRED: readonly MonitoringColumn[] = [
  'advertiser',
  'station',
  'dma_code',
  'start_utc',
  'length_s',
];

/** One problem of the file. `row` counts data rows from 1 (0 = the header, as in imports). */
export interface MonitoringRowError {
  row: number;
  column: MonitoringColumn | 'row';
  /** e.g. "Row 12: start_utc is not an ISO-8601 UTC time". */
  message: string;
}

/** What {@link parseMonitoringCsv} read. */
export interface MonitoringParse {
  airings: MonitoredAiring[];
  /** The first `maxErrors` problems. */
  errors: MonitoringRowError[];
  /** How many problems there were in all. */
  errorCount: number;
  /** Data rows read (blank lines skipped). */
  rows: number;
}

const ISO_UTC =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]00:?00)$/i;
const MONEY = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** ISO-8601 UTC text to epoch seconds, or null (a real calendar time, Z or +00:00 only). */
export function parseIsoUtc(text: string): number | null {
  const m = ISO_UTC.exec(text);
  if (!m) return null;
  const parts = m.slice(1, 7).map((v) => Number(v ?? 0));
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = parts;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2016-02-30 over to March: any changed part means the time does not exist.
  const back = new Date(ms);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return same ? Math.floor(ms / 1000) : null;
}

/**
 * Dollars ("1234.5", "$1,234.50") to integer cents from the digits, never through a float.
 * @returns cents, null when blank, or undefined when not a non-negative amount with ≤ 2 decimals.
 */
export function dollarsToCents(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  const m = MONEY.exec(t);
  if (!m) return undefined;
  const whole = Number((m[1] ?? '0').replace(/,/g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : undefined;
}

type Cells = Partial<Record<MonitoringColumn, string>>;

/** The first problem of one row's cells, or the airing. */
function readRow(c: Cells): MonitoredAiring | [MonitoringColumn, string] {
  const advertiser = (c.advertiser ?? '').trim();
  if (!advertiser) return ['advertiser', 'advertiser is empty'];
  if (advertiser.length > 200) return ['advertiser', 'advertiser is longer than 200 characters'];
  const industry = (c.industry_id ?? '').trim();
  if (industry && !/^\d{1,6}$/.test(industry))
    return ['industry_id', 'industry_id is not an IAB ad-product id (digits)'];
  const station = (c.station ?? '').trim();
  if (!station) return ['station', 'station is empty'];
  const market = (c.dma_code ?? '').trim();
  if (!/^\d{3}$/.test(market)) return ['dma_code', 'dma_code is not a 3-digit Nielsen DMA code'];
  const start = parseIsoUtc((c.start_utc ?? '').trim());
  if (start === null) return ['start_utc', 'start_utc is not an ISO-8601 UTC time'];
  const lengthText = (c.length_s ?? '').trim();
  const length = Number(lengthText);
  if (!/^\d+$/.test(lengthText) || length < 1 || length > 7200)
    return ['length_s', 'length_s is not a whole number of seconds from 1 to 7200'];
  const cost = dollarsToCents(c.cost ?? '');
  if (cost === undefined) return ['cost', 'cost is not an amount in dollars (e.g. 125.50)'];
  return {
    advertiser,
    industry_id: industry,
    station,
    market,
    program: (c.program ?? '').trim(),
    start_utc: start,
    length_s: length,
    cost_cents: cost,
  };
}

/**
 * Parses a monitored post-log CSV. Every bad row gives one error naming the row and the
 * column; a missing required column is one header error (row 0). Never throws.
 */
export function parseMonitoringCsv(text: string, maxErrors = 1000): MonitoringParse {
  const out: MonitoringParse = { airings: [], errors: [], errorCount: 0, rows: 0 };
  const add = (row: number, column: MonitoringRowError['column'], message: string) => {
    out.errorCount++;
    if (out.errors.length < maxErrors) out.errors.push({ row, column, message });
  };
  const splitter = new CsvSplitter();
  const records = [...splitter.push(text), ...splitter.end()].filter(
    (r) => !(r.length === 1 && r[0]?.trim() === ''),
  );
  const header = records[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const index = new Map(MONITORING_COLUMNS.map((name) => [name, header.indexOf(name)]));
  const missing = REQUIRED.filter((name) => (index.get(name) ?? -1) < 0);
  for (const name of missing) add(0, name, `Header: no ${name} column`);
  if (missing.length > 0) return out;
  if (records.length < 2) add(0, 'row', 'The file has no airings below the header');
  for (let i = 1; i < records.length; i++) {
    const record = records[i] as string[];
    out.rows = i;
    if (record.length !== header.length) {
      add(i, 'row', `Row ${i}: has ${record.length} columns, the header has ${header.length}`);
      continue;
    }
    const cells: Cells = {};
    for (const [name, at] of index) if (at >= 0) cells[name] = record[at];
    const airing = readRow(cells);
    if (Array.isArray(airing)) add(i, airing[0], `Row ${i}: ${airing[1]}`);
    else out.airings.push(airing);
  }
  return out;
}
