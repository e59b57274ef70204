import type { HeaderMapping, ImportIssue, PlspotField } from '#shared/contracts/postlog.schema';
import { matchHeaders } from './header-match';
import { ImportLimitError } from './limits';
import type { MarketIndex } from './markets';
import { normaliseRow, type RowContext } from './normalise-row';
import type { ParsedPostlog, PostlogAiring } from './types';

/**
 * At most this many errors and this many warnings are listed (the job record's report keeps
 * as many, job-record-size.ts); the counts stay exact.
 */
export const MAX_LISTED_ISSUES = 100;

/** How to read a post-log. */
export interface PostlogOptions {
  /** Advertiser of rows without an advertiser column/cell. */
  advertiser: string;
  /** The upload's client name, when it has one: rows naming another advertiser are errors. */
  onlyAdvertiser?: string;
  /** Zone for local times without a row or DMA zone. @default 'America/New_York' */
  defaultTz?: string;
  /** User overrides of the automatic header match (win over it). */
  mapping?: Partial<HeaderMapping>;
  /** Apply proposed year fixes (00XX/19XX -> 20XX). @default false */
  fixYears?: boolean;
  /** Most data rows read (uploads: IMPORT_LIMITS.maxPostlogRows). @default no limit */
  maxRows?: number;
  markets: MarketIndex;
}

/**
 * Reads a post-log from its CSV records (the first is the header) into validated airings
 * (spec §5 "Post-log import", issue #2 §3). Steps: 1. match the header (overrides win);
 * 2. a required field without a column is an error at row 0 (station and date stop the read;
 * market is only needed by rows that are not national); 3. validate each row; 4. collapse
 * rows with the same airing_key to the first.
 * @returns every result, never throws for bad rows.
 * @throws ImportLimitError past `maxRows` (or a reader limit of `records`).
 */
export async function parsePostlog(
  records: AsyncIterable<string[]> | Iterable<string[]>,
  opts: PostlogOptions,
): Promise<ParsedPostlog> {
  const out: ParsedPostlog = {
    rows: 0,
    airings: [],
    errors: [],
    error_count: 0,
    warnings: [],
    warning_count: 0,
    duplicates: 0,
    mapping: matchHeaders([]).mapping,
    headers: [],
  };
  const addError = (issue: ImportIssue) => {
    out.error_count++;
    if (out.errors.length < MAX_LISTED_ISSUES) out.errors.push(issue);
  };
  const seen = new Map<string, PostlogAiring>();
  let ctx: RowContext | null = null;
  let blocked = false;
  let marketNeeded = false;
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;

  for await (const record of records) {
    if (!ctx) {
      out.headers = record.map((h) => h.trim());
      const { mapping, missing } = matchHeaders(out.headers, opts.mapping);
      out.mapping = mapping;
      // market is reported after the rows, and only if a row that is not national needed it.
      for (const field of missing) {
        if (field !== 'market') addError({ row: 0, field, message: `No column maps to ${field}.` });
      }
      blocked = missing.includes('station') || missing.includes('date');
      const columns: Partial<Record<PlspotField, number>> = {};
      for (const [field, column] of Object.entries(mapping)) {
        if (column !== null) columns[field as PlspotField] = out.headers.indexOf(column);
      }
      ctx = {
        columns,
        markets: opts.markets,
        advertiser: opts.advertiser,
        onlyAdvertiser: opts.onlyAdvertiser,
        defaultTz: opts.defaultTz ?? 'America/New_York',
        fixYears: opts.fixYears ?? false,
      };
      continue;
    }
    if (record.length === 1 && record[0] === '') continue;
    out.rows++;
    if (out.rows > maxRows) {
      const limit = maxRows.toLocaleString('en-US');
      throw new ImportLimitError(`A post-log can have at most ${limit} rows; this one has more.`);
    }
    if (blocked) continue;
    const result = normaliseRow(record, out.rows, ctx);
    for (const e of result.errors) {
      if (missingMarket(e, ctx)) marketNeeded = true;
      else addError(e);
    }
    for (const w of result.warnings) {
      out.warning_count++;
      if (out.warnings.length < MAX_LISTED_ISSUES) out.warnings.push(w);
    }
    if (!result.airing) continue;
    if (seen.has(result.airing.airingKey)) out.duplicates++;
    else seen.set(result.airing.airingKey, result.airing);
  }
  if (!ctx) addError({ row: 0, field: 'header', message: 'The file is empty.' });
  if (marketNeeded || (blocked && out.mapping.market === null)) {
    out.error_count++;
    const message = 'No column maps to market (needed by every row that is not national).';
    const firstRowError = out.errors.findIndex((e) => e.row > 0);
    const at = firstRowError < 0 ? out.errors.length : firstRowError;
    out.errors.splice(at, 0, { row: 0, field: 'market', message });
  }
  out.airings = [...seen.values()];
  return out;
}

/** A row's "no column maps to market": reported once, at row 0, after the rows. */
function missingMarket(issue: ImportIssue, ctx: RowContext): boolean {
  return issue.field === 'market' && ctx.columns.market === undefined;
}
