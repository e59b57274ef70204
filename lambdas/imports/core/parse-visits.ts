import type { ImportIssue } from '#shared/contracts/postlog.schema';
import { eachByteLine, lineCells, lineText, POW10, plainBucketTime } from './csv-bytes';
import { MAX_LISTED_ISSUES } from './listed-issues';
import { quoteCell } from './quote-cell';
import type { VisitsColumns, VisitsResolution, VisitsRow } from './types';
import { VisitsBuilder } from './visits-builder';

export { VisitsBuilder } from './visits-builder';

/** The two visits layouts (UTC ISO-8601 bucket starts). */
export const VISITS_HEADERS: Record<VisitsResolution, string> = {
  minute: 'minute_utc,dma_code,sessions,new_users,pageviews',
  hour: 'hour_utc,dma_code,sessions,new_users,pageviews',
};

/**
 * Optional columns a visits file may add after the five of its layout, in either order: engaged
 * sessions (count; GA4 engagedSessions) and engagement seconds (GA4 userEngagementDuration).
 * A blank cell is "not measured" (null in the lake), not 0. They feed the Pro Digital section.
 */
export const VISITS_OPTIONAL_HEADERS = ['engaged_sessions', 'engagement_seconds'] as const;

/** An optional visits column. */
export type VisitsOptionalHeader = (typeof VISITS_OPTIONAL_HEADERS)[number];

/** A visits file's layout: the resolution and the optional columns it adds, in file order. */
export interface VisitsLayout {
  resolution: VisitsResolution;
  extras: VisitsOptionalHeader[];
}

/** Seconds per bucket of each resolution. */
export const STEP_S: Record<VisitsResolution, number> = { minute: 60, hour: 3600 };
const FIELDS = ['bucket', 'dma_code', 'sessions', 'new_users', 'pageviews'] as const;
const UTC = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.0+)?)?(?:Z|[+-]00:?00)?$/;

/**
 * Detects the layout from the header row: one of the two layouts' five columns (case and
 * spaces ignored), then none, one or both of VISITS_OPTIONAL_HEADERS, each at most once.
 * @returns the resolution and the extras, or null when the header is no such layout.
 */
export function detectVisitsLayout(header: readonly string[]): VisitsLayout | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const text = names.slice(0, 5).join(',');
  const resolution =
    text === VISITS_HEADERS.minute ? 'minute' : text === VISITS_HEADERS.hour ? 'hour' : null;
  if (!resolution) return null;
  const extras = names.slice(5);
  const known = (h: string): h is VisitsOptionalHeader =>
    (VISITS_OPTIONAL_HEADERS as readonly string[]).includes(h);
  if (!extras.every(known) || new Set(extras).size !== extras.length) return null;
  return { resolution, extras };
}

/** The outcome of reading a visits file. */
export interface ParsedVisits {
  /** Null when the header is neither layout (then `errors` names the header). */
  visits: VisitsColumns | null;
  /** The file's columns as the lake reads them (the layout's five, then its extras); [] when unknown. */
  columns: string[];
  rows: number;
  errors: ImportIssue[];
  error_count: number;
}

/** The field of column i of a layout; `row` for a line with the wrong number of columns. */
const fieldName = (layout: VisitsLayout, i: number) =>
  i === 0
    ? `${layout.resolution}_utc`
    : i < 5
      ? (FIELDS[i] ?? 'row')
      : (layout.extras[i - 5] ?? 'row');

/**
 * Reads a visits CSV of either layout into columns. Each bad row is reported by
 * its 1-based data row and column and skipped: bucket times must be UTC ISO-8601 on a whole
 * minute/hour, dma_code digits or empty, counts non-negative numbers; the optional engagement
 * columns non-negative numbers or blank (not measured). Quoted cells (`""` escapes a quote), CRLF
 * and a BOM are accepted; a cell cannot span lines. Built for millions of rows at the speed of
 * the disk: lines are found in the bytes (csv-bytes.ts), and a plain row's times, codes and
 * counts are parsed from its bytes straight into the typed columns, with no string or array per
 * row; only a row that needs it (quotes, spaces, other spellings, a bad cell) is read as text,
 * with the same rules and messages.
 * @returns the columns (null for an unknown header, which is an error at row 0, field header).
 * @param opts.bytes the file's size when known: the columns are sized once from it.
 * @throws ImportLimitError for a cell over 4 KB or a line of more than 200 columns (eachByteLine).
 */
export async function parseVisits(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  opts: { bytes?: number } = {},
): Promise<ParsedVisits> {
  const reader = new VisitsLineReader(opts.bytes);
  if (await eachByteLine(chunks, (buf, start, end) => reader.line(buf, start, end))) {
    reader.finish();
  }
  return reader.out;
}

/** The shortest row that can hold a bucket time: `2016-06-01 15:30,,,,` and its line break. */
const MIN_ROW_BYTES = 21;

/** Line-by-line state of parseVisits. */
class VisitsLineReader {
  readonly out: ParsedVisits = { visits: null, columns: [], rows: 0, errors: [], error_count: 0 };
  private builder: VisitsBuilder | null = null;
  private layout: VisitsLayout = { resolution: 'minute', extras: [] };
  private width = 5;
  private step = 60;
  /** Column of engaged_sessions and of engagement_seconds in a row, -1 when absent. */
  private engagedAt = -1;
  private engagementAt = -1;
  private lastTimeText = '';
  private lastTime = Number.NaN;
  private readonly dmaCache = new Map<string, string | null>();
  /** Builder number of each DMA code read from bytes, by its value (-1 = blank). */
  private readonly dmaNumbers = new Map<number, number>();
  private lastDmaCode = -2;
  private lastDma = 0;
  /** The counts of the row being read from bytes (sessions ... engagement seconds). */
  private readonly values = new Float64Array(5);

  /** @param bytes the file's size, when known: no row is shorter than MIN_ROW_BYTES. */
  constructor(private readonly bytes?: number) {}

  /** The outcome once every line is read; a file without a header row is an error. */
  finish() {
    if (this.builder) {
      this.out.visits = this.builder.build();
      return;
    }
    this.out.error_count++;
    this.out.errors.push({ row: 0, field: 'header', message: 'The file is empty.' });
  }

  /** Reads one non-blank line. @returns false once the header is known to be wrong (stop). */
  line(buf: Uint8Array, start: number, end: number): boolean {
    const b = this.builder;
    if (!b) return this.header(lineText(buf, start, end));
    // A line of other white space (no-break spaces...) is blank too.
    if (buf[start]! >= 0x80 && lineText(buf, start, end).trim() === '') return true;
    this.out.rows++;
    if (this.rowBytes(b, buf, start, end)) return true;
    const cells = lineCells(lineText(buf, start, end));
    const bad = this.rowText(b, cells);
    if (bad !== null) this.fail(bad, cells);
    return true;
  }

  private header(line: string): boolean {
    if (line.trim() === '') return true;
    const header = line.split(',').map((h) => h.replace(/^"|"$/g, ''));
    const layout = detectVisitsLayout(header);
    if (!layout) {
      this.out.error_count++;
      this.out.errors.push({
        row: 0,
        field: 'header',
        message: `Unrecognised visits header ${quoteCell(header.join(','))}: expected "${VISITS_HEADERS.minute}" or "${VISITS_HEADERS.hour}", optionally followed by ${VISITS_OPTIONAL_HEADERS.join(' and ')}.`,
      });
      return false;
    }
    this.layout = layout;
    this.width = 5 + layout.extras.length;
    this.step = STEP_S[layout.resolution];
    this.engagedAt = layout.extras.indexOf('engaged_sessions');
    this.engagementAt = layout.extras.indexOf('engagement_seconds');
    this.out.columns = [...VISITS_HEADERS[layout.resolution].split(','), ...layout.extras];
    this.builder = new VisitsBuilder(
      layout.resolution,
      this.bytes ? this.bytes / MIN_ROW_BYTES : undefined,
    );
    return true;
  }

  /** Counts (and lists, up to MAX_LISTED_ISSUES) the error of column `bad` of a row. */
  private fail(bad: number, cells: string[]) {
    this.out.error_count++;
    if (this.out.errors.length >= MAX_LISTED_ISSUES) return;
    const field = fieldName(this.layout, bad);
    const value = bad < this.width ? cells[bad] : undefined;
    this.out.errors.push({
      row: this.out.rows,
      field,
      message: visitsMessage(field, value, this.width),
    });
  }

  /**
   * Reads a plain row (no quotes; times, codes and counts in their common spellings) from its
   * bytes into the builder, in one pass: each cell is parsed as it is scanned.
   * @returns true when added, false for any other row (nothing is added: read it as text).
   */
  private rowBytes(b: VisitsBuilder, buf: Uint8Array, start: number, end: number): boolean {
    let stop = start;
    while (stop < end && buf[stop] !== 44) stop++;
    if (stop === end) return false;
    const time = plainBucketTime(buf, start, stop, this.step);
    if (Number.isNaN(time)) return false;
    // DMA code: up to 9 digits, or blank; the last one is remembered (files come DMA by DMA).
    let i = stop + 1;
    let code = -1;
    for (let c = buf[i]!; i < end && c !== 44; c = buf[++i]!) {
      if (c < 48 || c > 57) return false;
      code = code < 0 ? c - 48 : code * 10 + (c - 48);
    }
    if (i === end || i - stop > 10) return false;
    let dma = this.lastDma;
    if (code !== this.lastDmaCode) {
      dma = this.dmaNumber(b, code);
      this.lastDma = dma;
      this.lastDmaCode = code;
    }
    const values = this.values;
    const width = this.width;
    for (let column = 2; column < width; column++) {
      // A plain decimal (digits, one '.', at most 15 digits; blank = 0, or NaN = not measured
      // for an optional engagement column): the same double as `+text`, see plainNumber.
      const from = ++i;
      let n = 0;
      let digits = 0;
      let point = -1;
      for (; i < end; i++) {
        const c = buf[i]!;
        if (c >= 48 && c <= 57) {
          n = n * 10 + (c - 48);
          digits++;
        } else if (c === 44) break;
        else if (c === 46 && point < 0) point = i;
        else return false;
      }
      if ((i === end) !== (column === width - 1)) return false;
      if (i === from) values[column - 2] = column < 5 ? 0 : Number.NaN;
      else if (digits === 0 || digits > 15) return false;
      else values[column - 2] = point < 0 || point === i - 1 ? n : n / POW10[i - 1 - point]!;
    }
    const engaged = this.engagedAt < 0 ? Number.NaN : values[3 + this.engagedAt]!;
    const engagement = this.engagementAt < 0 ? Number.NaN : values[3 + this.engagementAt]!;
    b.addCoded(time, dma, values[0]!, values[1]!, values[2]!, engaged, engagement);
    return true;
  }

  /** The builder number of a DMA code read from bytes (-1 = blank). */
  private dmaNumber(b: VisitsBuilder, code: number): number {
    let n = this.dmaNumbers.get(code);
    if (n === undefined) {
      n = b.codeOf(code < 0 ? '' : String(code));
      this.dmaNumbers.set(code, n);
    }
    return n;
  }

  /**
   * Reads one data row from its cells into the builder.
   * @returns null, or the bad column (the layout's width = wrong number of columns).
   */
  private rowText(b: VisitsBuilder, cells: string[]): number | null {
    const width = this.width;
    if (cells.length !== width) return width;
    const timeText = cells[0]!;
    if (timeText !== this.lastTimeText) {
      this.lastTimeText = timeText;
      this.lastTime = bucketTime(timeText.trim(), this.step);
    }
    if (Number.isNaN(this.lastTime)) return 0;
    const dmaText = cells[1]!;
    let dma = this.dmaCache.get(dmaText);
    if (dma === undefined) {
      dma = dmaCode(dmaText);
      this.dmaCache.set(dmaText, dma);
    }
    if (dma === null) return 1;
    const sessions = count(cells[2]!);
    const newUsers = count(cells[3]!);
    const pageviews = count(cells[4]!);
    if (sessions < 0) return 2;
    if (newUsers < 0) return 3;
    if (pageviews < 0) return 4;
    const engaged = this.engagedAt < 0 ? Number.NaN : measured(cells[5 + this.engagedAt]!);
    if (engaged < 0) return 5 + this.engagedAt;
    const engagement = this.engagementAt < 0 ? Number.NaN : measured(cells[5 + this.engagementAt]!);
    if (engagement < 0) return 5 + this.engagementAt;
    b.add(this.lastTime, dma, sessions, newUsers, pageviews, engaged, engagement);
    return null;
  }
}

/** An optional metric cell: blank = NaN (not measured); -1 when unreadable or negative. */
function measured(text: string): number {
  return text.trim() === '' ? Number.NaN : count(text.trim());
}

/**
 * Epoch seconds of a UTC bucket start (ISO-8601, `T` or space, optional `Z`/`+00:00`), NaN when
 * unreadable or not on a whole `step` seconds. Shared with parse-foot-traffic.ts.
 */
export function bucketTime(text: string, step: number): number {
  const m = UTC.exec(text);
  if (!m) return Number.NaN;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) / 1000;
  return Number.isFinite(t) && t % step === 0 ? t : Number.NaN;
}

/**
 * A DMA code cell normalised (leading zeros dropped): '' for blank (unknown geography), null
 * when not all digits. Callers cache it per distinct text (one regex per distinct code).
 */
export function dmaCode(text: string): string | null {
  const t = text.trim();
  return t === '' ? '' : /^\d+$/.test(t) ? String(Number(t)) : null;
}

/**
 * The message of a bad visits or foot-traffic cell: `field` is `<resolution>_utc`, dma_code,
 * `row` (a line of other than `width` columns) or a count column.
 */
export function visitsMessage(field: string, value: string | undefined, width = 5): string {
  const v = (value ?? '').trim();
  if (field === 'row') return `Row has the wrong number of columns (expected ${width}).`;
  if (field.endsWith('_utc')) {
    return `Unreadable ${field} ${quoteCell(v)} (UTC ISO-8601 on a whole ${field.slice(0, -4)}).`;
  }
  if (field === 'dma_code')
    return `Unreadable dma_code ${quoteCell(v)} (digits, or empty for unknown).`;
  return `Unreadable ${field} ${quoteCell(v)} (a non-negative number).`;
}

/** A count cell: blank = 0; -1 when unreadable or negative. */
export function count(text: string): number {
  if (text === '') return 0;
  const n = +text;
  return n >= 0 && n !== Number.POSITIVE_INFINITY ? n : -1;
}

/** The rows of columnar visits as objects (small batches and tests); NaN metrics read null. */
export function visitsRows(v: VisitsColumns): VisitsRow[] {
  const rows: VisitsRow[] = [];
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  for (let i = 0; i < v.length; i++) {
    const row: VisitsRow = {
      bucketUtc: v.bucketUtc[i]!,
      dmaCode: v.dmaCodes[v.dmaIndex[i]!]!,
      sessions: v.sessions[i]!,
      newUsers: v.newUsers[i]!,
      pageviews: v.pageviews[i]!,
    };
    // Only data that measures the engagement metrics carries them.
    if (v.engagedSessions) row.engagedSessions = orNull(v.engagedSessions[i]!);
    if (v.engagementS) row.engagementS = orNull(v.engagementS[i]!);
    rows.push(row);
  }
  return rows;
}
