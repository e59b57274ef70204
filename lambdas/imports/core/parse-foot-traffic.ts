import type { ImportIssue } from '#shared/contracts/postlog.schema';
import {
  ByteKeys,
  eachByteLine,
  lineCells,
  lineText,
  plainBucketTime,
  plainNumber,
} from './csv-bytes';
import { FootTrafficBuilder } from './foot-traffic-builder';
import { MAX_LISTED_ISSUES } from './listed-issues';
import { bucketTime, count, dmaCode, STEP_S, visitsMessage } from './parse-visits';
import { quoteCell } from './quote-cell';
import type { FootTrafficColumns, VisitsResolution } from './types';

export { FootTrafficBuilder, footTrafficRows } from './foot-traffic-builder';

/** The two foot-traffic layouts (UTC ISO-8601 bucket starts, one row per store). */
export const FOOT_TRAFFIC_HEADERS: Record<VisitsResolution, string> = {
  minute: 'minute_utc,location_id,dma_code,visits',
  hour: 'hour_utc,location_id,dma_code,visits',
};

/** Longest location_id, characters. */
export const MAX_LOCATION_ID = 80;
const LOCATION_ID = /^[A-Za-z0-9 #._-]+$/;
const FIELDS = ['bucket', 'location_id', 'dma_code', 'visits'] as const;
/** Distinct cell texts remembered per column (bounds memory on hostile files). */
const CACHE_MAX = 100_000;

/** The outcome of reading a foot-traffic file. */
export interface ParsedFootTraffic {
  /** Null when the header is neither layout (then `errors` names the header). */
  footTraffic: FootTrafficColumns | null;
  /** Data rows read (the header and blank lines excluded). */
  rows: number;
  /** The first MAX_LISTED_ISSUES problems; row 0 = the header. */
  errors: ImportIssue[];
  error_count: number;
}

/**
 * Detects the layout from the header row (cells trimmed, case-insensitive, quotes removed).
 * @returns the resolution, or null when the header is neither layout.
 */
export function detectFootTrafficLayout(header: readonly string[]): VisitsResolution | null {
  const text = header.map((h) => h.trim().toLowerCase()).join(',');
  if (text === FOOT_TRAFFIC_HEADERS.minute) return 'minute';
  if (text === FOOT_TRAFFIC_HEADERS.hour) return 'hour';
  return null;
}

/**
 * A location_id cell trimmed, or null unless it is 1 to MAX_LOCATION_ID letters, digits,
 * spaces or `- _ . #`.
 */
export function locationId(text: string): string | null {
  const t = text.trim();
  return t.length > 0 && t.length <= MAX_LOCATION_ID && LOCATION_ID.test(t) ? t : null;
}

/**
 * Reads a foot-traffic CSV of either layout (`minute_utc|hour_utc,location_id,
 * dma_code,visits`) into columns. Quoted cells (`"Store #12"`, `""` escapes), CRLF and a BOM are
 * accepted; a cell cannot span lines. Each bad row is reported by its 1-based data row and field,
 * and skipped: bucket times must be UTC ISO-8601 on a whole minute/hour, location_id as in
 * {@link locationId}, dma_code digits or empty, visits a non-negative number (blank = 0).
 * Built for millions of rows at the speed of the disk: lines are found in the bytes
 * (csv-bytes.ts), a plain row's time and counts are parsed from its bytes, and ids and codes are
 * looked up by their bytes and validated once per distinct text, so a row costs no string or
 * array; only a row that needs it (quotes, spaces, a bad cell) is read as text, with the same
 * rules and messages.
 * @returns the columns (null for an unknown or missing header: an error at row 0, field header).
 */
export async function parseFootTraffic(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): Promise<ParsedFootTraffic> {
  const reader = new FootTrafficReader();
  const read = await eachByteLine(chunks, (buf, start, end) => reader.line(buf, start, end));
  if (!read) return reader.out;
  return reader.finish();
}

/** Line-by-line state of parseFootTraffic. */
class FootTrafficReader {
  readonly out: ParsedFootTraffic = { footTraffic: null, rows: 0, errors: [], error_count: 0 };
  private builder: FootTrafficBuilder | null = null;
  private readonly times = new Map<string, number>();
  private readonly locations = new Map<string, string | null>();
  private readonly dmas = new Map<string, string | null>();
  /** The cell of the last bad field (for its message). */
  private badValue = '';
  /** Rows come sorted by time in most files: the last time cell and its value. */
  private lastTimeText = '';
  private lastTime = Number.NaN;
  /** Epoch seconds of a time cell at the file's resolution (NaN when unreadable). */
  private readTime: (text: string) => number = () => Number.NaN;
  private step = 3600;
  /** Location ids and DMA codes by their bytes, each with its validated value (null = bad). */
  private readonly locationKeys = new ByteKeys(CACHE_MAX);
  private readonly locationValues: (string | null)[] = [];
  private readonly dmaKeys = new ByteKeys(CACHE_MAX);
  private readonly dmaValues: (string | null)[] = [];

  /** Reads one non-blank line. @returns false once the header is known to be wrong (stop). */
  line(buf: Uint8Array, start: number, end: number): boolean {
    const b = this.builder;
    if (!b) return this.header(lineCells(lineText(buf, start, end)));
    this.out.rows++;
    if (this.rowBytes(b, buf, start, end)) return true;
    const bad = this.row(b, lineText(buf, start, end));
    if (bad !== null) {
      this.out.error_count++;
      if (this.out.errors.length < MAX_LISTED_ISSUES) {
        const field = bad === 0 ? `${b.resolution}_utc` : (FIELDS[bad] ?? 'row');
        this.out.errors.push({ row: this.out.rows, field, message: this.message(field) });
      }
    }
    return true;
  }

  /** The outcome once every record is read; a file without a header row is an error. */
  finish(): ParsedFootTraffic {
    if (this.builder) this.out.footTraffic = this.builder.build();
    else this.headerError('The file is empty.');
    return this.out;
  }

  private header(cells: string[]): boolean {
    const layout = detectFootTrafficLayout(cells);
    if (layout) {
      this.builder = new FootTrafficBuilder(layout);
      this.step = STEP_S[layout];
      this.readTime = (text) => bucketTime(text.trim(), STEP_S[layout]);
      return true;
    }
    const { minute, hour } = FOOT_TRAFFIC_HEADERS;
    this.headerError(
      `Unrecognised foot-traffic header ${quoteCell(cells.join(','))}: expected "${minute}" or "${hour}".`,
    );
    return false;
  }

  private headerError(message: string) {
    this.out.error_count++;
    this.out.errors.push({ row: 0, field: 'header', message });
  }

  /**
   * Adds a plain row (no quotes, no spaces around cells, times and counts in their common
   * spellings, a valid id and code) from its bytes.
   * @returns true when added, false for any other row (nothing is added: read it as text).
   */
  private rowBytes(b: FootTrafficBuilder, buf: Uint8Array, start: number, end: number): boolean {
    let c1 = start;
    while (c1 < end && buf[c1] !== 44 && buf[c1] !== 34) c1++;
    let c2 = c1 + 1;
    while (c2 < end && buf[c2] !== 44 && buf[c2] !== 34) c2++;
    let c3 = c2 + 1;
    while (c3 < end && buf[c3] !== 44 && buf[c3] !== 34) c3++;
    if (c3 >= end || buf[c1] !== 44 || buf[c2] !== 44 || buf[c3] !== 44) return false;
    const time = plainBucketTime(buf, start, c1, this.step);
    if (Number.isNaN(time)) return false;
    const location = keyed(this.locationKeys, this.locationValues, buf, c1 + 1, c2, locationId);
    if (location === null) return false;
    const dma = keyed(this.dmaKeys, this.dmaValues, buf, c2 + 1, c3, dmaCode);
    if (dma === null) return false;
    for (let i = c3 + 1; i < end; i++) if (buf[i] === 44 || buf[i] === 34) return false;
    const visits = plainNumber(buf, c3 + 1, end);
    if (Number.isNaN(visits)) return false;
    b.add(time, location, dma, visits);
    return true;
  }

  /** Adds one data line to the builder. @returns null, or the bad field (4 = shape). */
  private row(b: FootTrafficBuilder, line: string): number | null {
    if (line.includes('"')) {
      const cells = lineCells(line);
      if (cells.length !== 4) return 4;
      return this.cells(b, cells[0]!, cells[1]!, cells[2]!, cells[3]!);
    }
    const c1 = line.indexOf(',');
    const c2 = line.indexOf(',', c1 + 1);
    const c3 = line.indexOf(',', c2 + 1);
    if (c1 < 0 || c2 < 0 || c3 < 0 || line.indexOf(',', c3 + 1) >= 0) return 4;
    const time = line.slice(0, c1);
    const location = line.slice(c1 + 1, c2);
    return this.cells(b, time, location, line.slice(c2 + 1, c3), line.slice(c3 + 1));
  }

  private cells(
    b: FootTrafficBuilder,
    timeText: string,
    locText: string,
    dmaText: string,
    visitsText: string,
  ): number | null {
    if (timeText !== this.lastTimeText) {
      this.lastTimeText = timeText;
      this.lastTime = cached(this.times, timeText, this.readTime);
    }
    const time = this.lastTime;
    if (Number.isNaN(time)) return this.bad(0, timeText);
    const location = cached(this.locations, locText, locationId);
    if (location === null) return this.bad(1, locText);
    const dma = cached(this.dmas, dmaText, dmaCode);
    if (dma === null) return this.bad(2, dmaText);
    const visits = count(visitsText.trim());
    if (visits < 0) return this.bad(3, visitsText);
    b.add(time, location, dma, visits);
    return null;
  }

  private bad(field: number, value: string): number {
    this.badValue = value.trim();
    return field;
  }

  private message(field: string): string {
    const v = this.badValue;
    if (field === 'row') return 'Row has the wrong number of columns (expected 4).';
    if (field !== 'location_id') return visitsMessage(field, v);
    if (v === '') return "Missing location_id (the store's id).";
    return `Unreadable location_id ${quoteCell(v)} (1 to ${MAX_LOCATION_ID} letters, digits, spaces or - _ . #).`;
  }
}

/**
 * `read(text)` of the cell at bytes [start, end), validated once per distinct text (at most
 * CACHE_MAX of them); null when invalid, or past the cap (the row is then read as text).
 */
function keyed<T>(
  keys: ByteKeys,
  values: (T | null)[],
  buf: Uint8Array,
  start: number,
  end: number,
  read: (text: string) => T | null,
): T | null {
  const id = keys.of(buf, start, end);
  if (id < 0) return null;
  if (id === values.length) values.push(read(keys.texts[id]!));
  return values[id]!;
}

/** `read(text)` through a bounded per-column cache of distinct cell texts. */
function cached<T>(cache: Map<string, T>, text: string, read: (text: string) => T): T {
  let value = cache.get(text);
  if (value === undefined) {
    value = read(text);
    if (cache.size < CACHE_MAX) cache.set(text, value);
  }
  return value;
}
