import type { HeaderMapping, ImportIssue, PlspotField } from '#shared/contracts/postlog.schema';
import { matchHeaders } from './header-match';
import { ImportLimitError } from './limits';
import { MAX_LISTED_ISSUES } from './listed-issues';
import type { MarketIndex } from './markets';
import { normaliseRow, type RowContext } from './normalise-row';
import type { ParsedPostlog, PostlogAiring } from './types';

export { MAX_LISTED_ISSUES };

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
 * (spec §5 "Post-log import"). Steps: 1. match the header (overrides win);
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
  const reader = new PostlogReader(opts);
  for await (const record of records) reader.take(record);
  return reader.finish();
}

/**
 * parsePostlog over batches of records (csvRecordBatches: one batch per chunk read), so a
 * file of many rows costs one await per chunk rather than one per row. Same results and errors.
 */
export async function parsePostlogBatches(
  batches: AsyncIterable<string[][]>,
  opts: PostlogOptions,
): Promise<ParsedPostlog> {
  const reader = new PostlogReader(opts);
  for await (const batch of batches) for (const record of batch) reader.take(record);
  return reader.finish();
}

/** Record-by-record state of parsePostlog. */
class PostlogReader {
  private readonly out: ParsedPostlog = {
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
  private readonly seen = new Map<string, PostlogAiring>();
  private ctx: RowContext | null = null;
  private blocked = false;
  private marketNeeded = false;
  private readonly maxRows: number;

  constructor(private readonly opts: PostlogOptions) {
    this.maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  }

  private addError(issue: ImportIssue) {
    this.out.error_count++;
    if (this.out.errors.length < MAX_LISTED_ISSUES) this.out.errors.push(issue);
  }

  /** Reads one record: the header first, then the data rows. */
  take(record: string[]) {
    const out = this.out;
    const ctx = this.ctx;
    if (!ctx) {
      this.header(record);
      return;
    }
    if (record.length === 1 && record[0] === '') return;
    out.rows++;
    if (out.rows > this.maxRows) {
      const limit = this.maxRows.toLocaleString('en-US');
      throw new ImportLimitError(`A post-log can have at most ${limit} rows; this one has more.`);
    }
    if (this.blocked) return;
    const result = normaliseRow(record, out.rows, ctx);
    for (const e of result.errors) {
      if (missingMarket(e, ctx)) this.marketNeeded = true;
      else this.addError(e);
    }
    for (const w of result.warnings) {
      out.warning_count++;
      if (out.warnings.length < MAX_LISTED_ISSUES) out.warnings.push(w);
    }
    if (!result.airing) return;
    if (this.seen.has(result.airing.airingKey)) out.duplicates++;
    else this.seen.set(result.airing.airingKey, result.airing);
  }

  private header(record: string[]) {
    const out = this.out;
    const opts = this.opts;
    out.headers = record.map((h) => h.trim());
    const { mapping, missing } = matchHeaders(out.headers, opts.mapping);
    out.mapping = mapping;
    // market is reported after the rows, and only if a row that is not national needed it.
    for (const field of missing) {
      if (field !== 'market')
        this.addError({ row: 0, field, message: `No column maps to ${field}.` });
    }
    this.blocked = missing.includes('station') || missing.includes('date');
    const columns: Partial<Record<PlspotField, number>> = {};
    for (const [field, column] of Object.entries(mapping)) {
      if (column !== null) columns[field as PlspotField] = out.headers.indexOf(column);
    }
    this.ctx = {
      columns,
      markets: opts.markets,
      advertiser: opts.advertiser,
      onlyAdvertiser: opts.onlyAdvertiser,
      defaultTz: opts.defaultTz ?? 'America/New_York',
      fixYears: opts.fixYears ?? false,
      stations: new Map(),
    };
  }

  /** The outcome once every record is read. */
  finish(): ParsedPostlog {
    const out = this.out;
    if (!this.ctx) this.addError({ row: 0, field: 'header', message: 'The file is empty.' });
    if (this.marketNeeded || (this.blocked && out.mapping.market === null)) {
      out.error_count++;
      const message = 'No column maps to market (needed by every row that is not national).';
      const firstRowError = out.errors.findIndex((e) => e.row > 0);
      const at = firstRowError < 0 ? out.errors.length : firstRowError;
      out.errors.splice(at, 0, { row: 0, field: 'market', message });
    }
    out.airings = [...this.seen.values()];
    return out;
  }
}

/** A row's "no column maps to market": reported once, at row 0, after the rows. */
function missingMarket(issue: ImportIssue, ctx: RowContext): boolean {
  return issue.field === 'market' && ctx.columns.market === undefined;
}
