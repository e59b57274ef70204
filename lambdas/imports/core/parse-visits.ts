import type { ImportIssue } from '../../../layers/shared/contracts/postlog.schema';
import { CsvSplitter } from './csv-records';
import { MAX_LISTED_ISSUES } from './parse-postlog';
import type { VisitsColumns, VisitsResolution, VisitsRow } from './types';

/** The two visits layouts of issue #2 §3 (UTC ISO-8601 bucket starts). */
export const VISITS_HEADERS: Record<VisitsResolution, string> = {
  minute: 'minute_utc,dma_code,sessions,new_users,pageviews',
  hour: 'hour_utc,dma_code,sessions,new_users,pageviews',
};

const STEP_S: Record<VisitsResolution, number> = { minute: 60, hour: 3600 };
const FIELDS = ['bucket', 'dma_code', 'sessions', 'new_users', 'pageviews'] as const;
const UTC =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.0+)?)?(?:Z|[+-]00:?00)?$/;

/**
 * Detects the layout from the header row.
 * @returns the resolution, or null when the header is neither layout.
 */
export function detectVisitsLayout(header: readonly string[]): VisitsResolution | null {
  const text = header.map((h) => h.trim().toLowerCase()).join(',');
  if (text === VISITS_HEADERS.minute) return 'minute';
  if (text === VISITS_HEADERS.hour) return 'hour';
  return null;
}

/** Growable columnar visits (doubling typed arrays; DMA codes interned). */
export class VisitsBuilder {
  length = 0;
  private bucket = new Float64Array(1024);
  private dma = new Uint16Array(1024);
  private counts = [new Float64Array(1024), new Float64Array(1024), new Float64Array(1024)];
  private readonly codes: string[] = [];
  private readonly codeIndex = new Map<string, number>();

  constructor(readonly resolution: VisitsResolution) {}

  /** Appends one row; dmaCode '' = unknown geography. */
  add(bucketUtc: number, dmaCode: string, sessions: number, newUsers: number, pageviews: number) {
    if (this.length === this.bucket.length) this.grow();
    let idx = this.codeIndex.get(dmaCode);
    if (idx === undefined) {
      idx = this.codes.length;
      this.codes.push(dmaCode);
      this.codeIndex.set(dmaCode, idx);
    }
    const i = this.length++;
    this.bucket[i] = bucketUtc;
    this.dma[i] = idx;
    this.counts[0]![i] = sessions;
    this.counts[1]![i] = newUsers;
    this.counts[2]![i] = pageviews;
  }

  private grow() {
    const size = this.bucket.length * 2;
    const bigger = <T extends Float64Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.bucket = bigger(this.bucket, (n) => new Float64Array(n));
    this.dma = bigger(this.dma, (n) => new Uint16Array(n));
    this.counts = this.counts.map((c) => bigger(c, (n) => new Float64Array(n)));
  }

  /** The rows so far, trimmed to length. */
  build(): VisitsColumns {
    const n = this.length;
    return {
      resolution: this.resolution,
      length: n,
      bucketUtc: this.bucket.slice(0, n),
      dmaIndex: this.dma.slice(0, n),
      dmaCodes: [...this.codes],
      sessions: this.counts[0]!.slice(0, n),
      newUsers: this.counts[1]!.slice(0, n),
      pageviews: this.counts[2]!.slice(0, n),
    };
  }
}

/** The outcome of reading a visits file. */
export interface ParsedVisits {
  /** Null when the header is neither layout (then `errors` names the header). */
  visits: VisitsColumns | null;
  rows: number;
  errors: ImportIssue[];
  error_count: number;
}

const fieldName = (res: VisitsResolution, i: number) =>
  i === 0 ? `${res}_utc` : (FIELDS[i] ?? 'row');

/**
 * Reads a visits CSV of either layout (issue #2 §3) into columns. Each bad row is reported by
 * its 1-based data row and column and skipped: bucket times must be UTC ISO-8601 on a whole
 * minute/hour, dma_code digits or empty, counts non-negative numbers.
 * @returns the columns (null for an unknown header, which is an error at row 0, field header).
 */
export async function parseVisits(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string>,
): Promise<ParsedVisits> {
  const splitter = new CsvSplitter();
  const decoder = new TextDecoder('utf-8');
  const out: ParsedVisits = { visits: null, rows: 0, errors: [], error_count: 0 };
  let builder: VisitsBuilder | null = null;
  let headerSeen = false;
  const take = (records: string[][]): boolean => {
    for (const record of records) {
      if (record.length === 1 && record[0]?.trim() === '') continue;
      if (!headerSeen) {
        headerSeen = true;
        const layout = detectVisitsLayout(record);
        if (!layout) {
          out.error_count++;
          out.errors.push({
            row: 0,
            field: 'header',
            message: `Unrecognised visits header "${record.join(',')}": expected "${VISITS_HEADERS.minute}" or "${VISITS_HEADERS.hour}".`,
          });
          return false;
        }
        builder = new VisitsBuilder(layout);
        continue;
      }
      out.rows++;
      const bad = addVisitsRow(builder!, record);
      if (bad !== null) {
        out.error_count++;
        if (out.errors.length < MAX_LISTED_ISSUES) {
          const field = fieldName(builder!.resolution, bad);
          out.errors.push({ row: out.rows, field, message: visitsMessage(field, record[bad]) });
        }
      }
    }
    return true;
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (!take(splitter.push(text))) return out;
  }
  if (!take(splitter.push(decoder.decode())) || !take(splitter.end())) return out;
  if (!headerSeen) {
    out.error_count++;
    out.errors.push({ row: 0, field: 'header', message: 'The file is empty.' });
  }
  out.visits = (builder as VisitsBuilder | null)?.build() ?? null;
  return out;
}

function visitsMessage(field: string, value: string | undefined): string {
  const v = (value ?? '').trim();
  if (field === 'row') return 'Row has the wrong number of columns (expected 5).';
  if (field.endsWith('_utc')) return `Unreadable ${field} "${v}" (UTC ISO-8601 on a whole ${field.slice(0, -4)}).`;
  if (field === 'dma_code') return `Unreadable dma_code "${v}" (digits, or empty for unknown).`;
  return `Unreadable ${field} "${v}" (a non-negative number).`;
}

/** Parses one data row into the builder. @returns null, or the index of the bad column (5 = shape). */
function addVisitsRow(b: VisitsBuilder, r: string[]): number | null {
  if (r.length !== 5) return 5;
  const m = UTC.exec(r[0]!.trim());
  if (!m) return 0;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) / 1000;
  if (!Number.isFinite(t) || t % STEP_S[b.resolution] !== 0) return 0;
  const dma = r[1]!.trim();
  if (dma !== '' && !/^\d+$/.test(dma)) return 1;
  const sessions = count(r[2]!);
  const newUsers = count(r[3]!);
  const pageviews = count(r[4]!);
  if (sessions < 0) return 2;
  if (newUsers < 0) return 3;
  if (pageviews < 0) return 4;
  b.add(t, dma === '' ? '' : String(Number(dma)), sessions, newUsers, pageviews);
  return null;
}

/** A count cell: blank = 0; -1 when unreadable or negative. */
function count(text: string): number {
  if (text === '') return 0;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : -1;
}

/** The rows of columnar visits as objects (small batches and tests). */
export function visitsRows(v: VisitsColumns): VisitsRow[] {
  const rows: VisitsRow[] = [];
  for (let i = 0; i < v.length; i++) {
    rows.push({
      bucketUtc: v.bucketUtc[i]!,
      dmaCode: v.dmaCodes[v.dmaIndex[i]!]!,
      sessions: v.sessions[i]!,
      newUsers: v.newUsers[i]!,
      pageviews: v.pageviews[i]!,
    });
  }
  return rows;
}
