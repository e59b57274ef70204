import { parseQuoted } from './csv-quoted';
import {
  type CsvLimitBreak,
  type CsvLimits,
  csvLimitMessage,
  ImportLimitError,
  UPLOAD_CSV_LIMITS,
} from './limits';

/**
 * Reading line-per-record CSVs (the visits and foot-traffic layouts, whose cells cannot hold
 * line breaks) straight from their bytes: lines are found with a byte search in each chunk as it
 * arrives, and the readers parse numbers and times from the bytes themselves, so millions of rows
 * cost no string and no array per row. Only a line that needs it (quotes, odd spacing, a bad
 * cell, a line long enough to break a limit) is decoded to text.
 */

/** Called with each line: bytes [start, end) of `buf` (its CR, and the file's BOM, removed). */
export type ByteLineHandler = (buf: Uint8Array, start: number, end: number) => boolean;

const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** The text of bytes [start, end) (invalid UTF-8 becomes U+FFFD, as the text readers did). */
export function lineText(buf: Uint8Array, start: number, end: number): string {
  return decoder.decode(buf.subarray(start, end));
}

/** The cells of a line's text: split at commas, or read as a quoted record when it has quotes. */
export function lineCells(line: string): string[] {
  return line.includes('"') ? parseQuoted(line) : line.split(',');
}

/** The limit a whole line breaks, or null (cells split at commas; quoted cells read as such). */
function lineLimitBreak(line: string, limits: CsvLimits): CsvLimitBreak | null {
  const cells = lineCells(line);
  if (cells.length > limits.maxColumns) return { limit: 'columns', inQuotes: false };
  if (cells.some((c) => c.length > limits.maxCell)) return { limit: 'cell', inQuotes: false };
  return null;
}

/**
 * Calls `onLine` with each non-blank line of a stream of UTF-8 byte chunks (or text chunks,
 * encoded) until it returns false. A leading BOM and each line's CR are removed; a line break
 * always ends a line (quotes are the reader's business). Each byte is searched once: the
 * unfinished line at a chunk's end is copied to a carry buffer (grown by doubling) and completed
 * from the next chunk, so the work stays linear in the file's size whatever its line lengths, and
 * memory holds one chunk and one line: files larger than memory stream through.
 * @param limits checked on every line longer than the smaller limit (cells split at commas, or
 *   as a quoted record when the line has quotes), and on an unfinished line once it is longer
 *   than any line that can pass. @default UPLOAD_CSV_LIMITS
 * @returns false when `onLine` stopped the reading.
 * @throws ImportLimitError naming the limit and the 1-based data row (0 = the first line).
 */
export async function eachByteLine(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  onLine: ByteLineHandler,
  limits: CsvLimits = UPLOAD_CSV_LIMITS,
): Promise<boolean> {
  const maxLine = limits.maxColumns * (limits.maxCell + 1);
  const shortest = Math.min(limits.maxCell, limits.maxColumns);
  let carry = new Uint8Array(0);
  let carried = 0;
  let first = true;
  let passed = 0;
  const refuse = (line: string) => {
    const brk = lineLimitBreak(line, limits) ?? { limit: 'cell' as const, inQuotes: false };
    return new ImportLimitError(csvLimitMessage(brk, passed, limits));
  };
  const emit = (buf: Uint8Array, start: number, stop: number): boolean => {
    let s = start;
    let e = stop;
    if (first) {
      first = false;
      if (e - s >= 3 && buf[s] === 0xef && buf[s + 1] === 0xbb && buf[s + 2] === 0xbf) s += 3;
    }
    if (e > s && buf[e - 1] === 13) e--;
    if (s === e) return true;
    // Blank: starts with a space or a control and is all white space (as String.trim sees it).
    if (buf[s]! <= 32 && lineText(buf, s, e).trim() === '') return true;
    // Only a line longer than the column limit or the cell limit can break one (and its
    // UTF-16 length, which the limits count, is at most its byte length).
    if (e - s > shortest) {
      const line = lineText(buf, s, e);
      if (line.length > shortest && lineLimitBreak(line, limits)) throw refuse(line);
    }
    passed++;
    return onLine(buf, s, e);
  };
  const keep = (buf: Uint8Array, start: number, end: number) => {
    const need = carried + end - start;
    if (need > carry.length) {
      const bigger = new Uint8Array(Math.max(need, carry.length * 2, 4096));
      bigger.set(carry.subarray(0, carried));
      carry = bigger;
    }
    carry.set(buf.subarray(start, end), carried);
    carried = need;
    // An unfinished line that can no longer pass is refused without waiting for its end.
    if (carried > maxLine) {
      const text = lineText(carry, 0, carried);
      if (text.length > maxLine) throw refuse(text);
    }
  };
  const feed = (buf: Uint8Array): boolean => {
    let start = 0;
    let nl = buf.indexOf(10);
    if (carried > 0) {
      if (nl < 0) {
        keep(buf, 0, buf.length);
        return true;
      }
      keep(buf, 0, nl);
      const n = carried;
      carried = 0;
      if (!emit(carry, 0, n)) return false;
      start = nl + 1;
      nl = buf.indexOf(10, start);
    }
    while (nl >= 0) {
      if (!emit(buf, start, nl)) return false;
      start = nl + 1;
      nl = buf.indexOf(10, start);
    }
    if (start < buf.length) keep(buf, start, buf.length);
    return true;
  };
  for await (const chunk of chunks) {
    const buf = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (buf.length > 0 && !feed(buf)) return false;
  }
  if (carried === 0) return true;
  const n = carried;
  carried = 0;
  return emit(carry, 0, n);
}

/** Powers of ten exactly representable as doubles (10^0 .. 10^15). */
export const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * A plain decimal cell (digits, at most one '.', at most 15 digits in all; empty = 0) read from
 * its bytes: the same double as `+text` (an integer below 2^53 divided by an exact power of ten
 * is correctly rounded). NaN for anything else (the caller then reads the cell as text).
 */
export function plainNumber(buf: Uint8Array, start: number, end: number): number {
  let n = 0;
  let digits = 0;
  let point = -1;
  for (let i = start; i < end; i++) {
    const c = buf[i]!;
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
    } else if (c === 46 && point < 0) point = i;
    else return Number.NaN;
  }
  if (start === end) return 0;
  if (digits === 0 || digits > 15) return Number.NaN;
  return point < 0 || point === end - 1 ? n : n / POW10[end - 1 - point]!;
}

/** Digits at [i, i + n) as a number, or -1 when one is not a digit. */
function digitsAt(buf: Uint8Array, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = buf[k]! - 48;
    if (c >>> 0 > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Days from 1970-01-01 to the first of a month (proleptic Gregorian; month 1-12). */
function daysToMonth(year: number, month: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The month of the last bucket time read (year * 12 + month) and its first day. */
let lastMonth = -1;
let lastMonthDays = 0;

/**
 * A UTC bucket start in the common spelling `YYYY-MM-DD[T ]HH:MM[:SS[.0…]][Z|±00[:]00]` read
 * from its bytes: epoch seconds, the same as parse-visits.ts's bucketTime of the text (which
 * also rolls a day past the month's end into the next month, as Date.UTC does). NaN for any
 * other text, a year before 100 or a month outside 1-12 (the caller then reads it as text), or a
 * time not on a whole `step` seconds.
 */
export function plainBucketTime(buf: Uint8Array, start: number, end: number, step: number): number {
  if (end - start < 16) return Number.NaN;
  const year = digitsAt(buf, start, 4);
  const month = digitsAt(buf, start + 5, 2);
  const day = digitsAt(buf, start + 8, 2);
  const hour = digitsAt(buf, start + 11, 2);
  const minute = digitsAt(buf, start + 14, 2);
  const sep = buf[start + 10];
  if (
    year < 100 ||
    month < 1 ||
    month > 12 ||
    day < 0 ||
    hour < 0 ||
    minute < 0 ||
    buf[start + 4] !== 45 ||
    buf[start + 7] !== 45 ||
    (sep !== 84 && sep !== 32) ||
    buf[start + 13] !== 58
  ) {
    return Number.NaN;
  }
  let i = start + 16;
  let second = 0;
  if (i < end && buf[i] === 58) {
    if (i + 3 > end) return Number.NaN;
    second = digitsAt(buf, i + 1, 2);
    if (second < 0) return Number.NaN;
    i += 3;
    if (i < end && buf[i] === 46) {
      i++;
      const zeros = i;
      while (i < end && buf[i] === 48) i++;
      if (i === zeros) return Number.NaN;
    }
  }
  if (i < end) {
    const c = buf[i];
    if (c === 90) i++;
    else if (c === 43 || c === 45) {
      if (i + 3 > end || digitsAt(buf, i + 1, 2) !== 0) return Number.NaN;
      i += 3;
      if (i < end && buf[i] === 58) i++;
      if (i + 2 > end || digitsAt(buf, i, 2) !== 0) return Number.NaN;
      i += 2;
    }
  }
  if (i !== end) return Number.NaN;
  const ym = year * 12 + month;
  if (ym !== lastMonth) {
    lastMonth = ym;
    lastMonthDays = daysToMonth(year, month);
  }
  const t = (lastMonthDays + day - 1) * 86400 + hour * 3600 + minute * 60 + second;
  return t % step === 0 ? t : Number.NaN;
}

/**
 * Distinct byte strings numbered in the order first seen (an open-addressing table over their
 * bytes), so a column of repeated texts (store ids) is looked up without making a string per
 * row. At most `max` distinct texts are kept; past that, `of` returns -1 (read the cell as text).
 */
export class ByteKeys {
  /** The text of each number. */
  readonly texts: string[] = [];
  private readonly bytes: Uint8Array[] = [];
  private slots = new Int32Array(1024).fill(-1);
  private hashes: number[] = [];

  constructor(private readonly max: number) {}

  /** The number of bytes [start, end), numbering it when new; -1 once `max` are kept. */
  of(buf: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const id = this.slots[s]!;
      if (id < 0) break;
      if (this.hashes[id] === h && same(this.bytes[id]!, buf, start, end)) return id;
    }
    if (this.texts.length >= this.max) return -1;
    const id = this.texts.length;
    this.texts.push(lineText(buf, start, end));
    this.bytes.push(buf.slice(start, end));
    this.hashes.push(h);
    this.put(h, id);
    if (this.texts.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private put(h: number, id: number) {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s]! >= 0) s = (s + 1) & mask;
    this.slots[s] = id;
  }

  private grow() {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let id = 0; id < this.hashes.length; id++) this.put(this.hashes[id]!, id);
  }
}

function same(key: Uint8Array, buf: Uint8Array, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i++) if (key[i] !== buf[start + i]) return false;
  return true;
}
