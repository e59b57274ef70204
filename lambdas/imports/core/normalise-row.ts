import type { ImportIssue, PlspotField } from '#shared/contracts/postlog.schema';
import { interned } from '../../attribution/core/interned';
import { NATIONAL } from '../../attribution/core/types';
import { airingKey } from './airing-key';
import { type MarketIndex, resolveMarket } from './markets';
import {
  isCellError,
  isTimeZone,
  parseAiringInstant,
  parseCostCents,
  parseCount,
  parseLength,
  parseStationType,
} from './parse-values';
import { quoteCell } from './quote-cell';
import type { PostlogAiring } from './types';

/** Whether two advertiser names are the same advertiser (trimmed, case-insensitive). */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What every row of one file is read with. */
export interface RowContext {
  /** Column index of each mapped plspots field (absent fields are missing). */
  columns: Partial<Record<PlspotField, number>>;
  markets: MarketIndex;
  /** Advertiser of rows without an advertiser cell. */
  advertiser: string;
  /**
   * Set when the upload is for one client: its name. Every row belongs to it, and an advertiser
   * cell naming anyone else is an error (a share on one client must not reach the others).
   */
  onlyAdvertiser?: string;
  /** Zone of local times when neither the row nor its DMA gives one (client postlog_timezone). */
  defaultTz: string;
  /** Apply the proposed 00XX/19XX -> 20XX year fixes (confirm_import accept_year_fixes). */
  fixYears: boolean;
  /**
   * The file's call signs so far, each kept as the first string read for it: every airing of a
   * station then carries the same string, which the engine's station lookups find by identity
   * instead of comparing characters (and a post-log of 100k rows keeps a few hundred strings).
   */
  stations?: Map<string, string>;
}

/** A row's outcome: the airing (null when it has errors) plus its errors and warnings. */
export interface RowOutcome {
  airing: PostlogAiring | null;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** The trimmed cell of a field ('' when the field has no column or the row no cell). */
function cellOf(cells: readonly string[], ctx: RowContext, field: PlspotField): string {
  const i = ctx.columns[field];
  return i === undefined ? '' : (cells[i] ?? '').trim();
}

/** Adds a row's error (with the proposed fix, when there is one). */
function failAt(
  errors: ImportIssue[],
  row: number,
  field: PlspotField,
  message: string,
  proposed?: string,
) {
  errors.push(proposed === undefined ? { row, field, message } : { row, field, message, proposed });
}

/**
 * Validates and normalises one data row to a PostlogAiring (spec §5 "Post-log import").
 * `row` is the 1-based data row number, used in every issue and as the airing id
 * when the file has no id column. Errors name the plspots field; blank creatives and zero
 * lengths are warnings and the airing is kept.
 */
export function normaliseRow(cells: readonly string[], row: number, ctx: RowContext): RowOutcome {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  // Module functions, not closures made per row: this runs once per row of files of 100k+ rows.

  const named = cellOf(cells, ctx, 'advertiser');
  if (ctx.onlyAdvertiser !== undefined && named && !sameName(named, ctx.onlyAdvertiser)) {
    const only = ctx.onlyAdvertiser;
    failAt(
      errors,
      row,
      'advertiser',
      `Advertiser ${quoteCell(named)} is not ${only}: this upload is for ${only} only.`,
    );
  }

  const station = interned(ctx.stations, cellOf(cells, ctx, 'station'));
  if (!station) failAt(errors, row, 'station', 'Station is blank.');

  const type = parseStationType(cellOf(cells, ctx, 'station_type'));
  if (isCellError(type)) failAt(errors, row, 'station_type', type.error);
  const [stationType, nationalType] = isCellError(type) ? (['tv', false] as const) : type;

  let market = NATIONAL;
  let dmaTz: string | null = null;
  const marketText = cellOf(cells, ctx, 'market');
  const national =
    nationalType || (!marketText && (stationType === 'streaming' || stationType === 'podcast'));
  if (!national) {
    if (ctx.columns.market === undefined)
      failAt(errors, row, 'market', 'No column maps to market.');
    else {
      const resolved = resolveMarket(marketText, ctx.markets);
      if ('error' in resolved) failAt(errors, row, 'market', resolved.error);
      else ({ market, tz: dmaTz } = resolved);
    }
  }

  const tzText = cellOf(cells, ctx, 'timezone');
  if (tzText && !isTimeZone(tzText))
    failAt(errors, row, 'timezone', `Unknown time zone ${quoteCell(tzText)}.`);
  const tz = tzText && isTimeZone(tzText) ? tzText : (dmaTz ?? ctx.defaultTz);

  const timeCell = ctx.columns.time === undefined ? null : cellOf(cells, ctx, 'time');
  const start = parseAiringInstant(cellOf(cells, ctx, 'date'), timeCell, tz, ctx.fixYears);
  if (isCellError(start)) failAt(errors, row, 'date', start.error, start.proposed);

  const length = parseLength(cellOf(cells, ctx, 'length'));
  if (isCellError(length)) failAt(errors, row, 'length', length.error);
  else if (length === 0) warnings.push({ row, field: 'length', message: 'Length is zero.' });

  const creative = cellOf(cells, ctx, 'creative') || null;
  if (!creative) warnings.push({ row, field: 'creative', message: 'Creative is blank.' });

  const cost = parseCostCents(cellOf(cells, ctx, 'cost'));
  if (isCellError(cost)) failAt(errors, row, 'cost', cost.error);
  const impressions = parseCount(cellOf(cells, ctx, 'impressions'));
  if (isCellError(impressions)) failAt(errors, row, 'impressions', impressions.error);

  if (errors.length > 0 || isCellError(start) || isCellError(length)) {
    return { airing: null, errors, warnings };
  }
  return {
    airing: {
      id: cellOf(cells, ctx, 'airing_id') || String(row),
      startUtc: start,
      market,
      tz,
      station,
      stationType,
      network: cellOf(cells, ctx, 'network') || null,
      program: cellOf(cells, ctx, 'program') || null,
      cableZone: cellOf(cells, ctx, 'cable_zone') || null,
      creative,
      lengthS: length,
      costCents: isCellError(cost) ? null : cost,
      impressions: isCellError(impressions) ? null : impressions,
      advertiser: ctx.onlyAdvertiser ?? (named || ctx.advertiser),
      airingKey: airingKey(station, start, market, creative),
    },
    errors,
    warnings,
  };
}
