import type { ImportIssue, PlspotField } from '#shared/contracts/postlog.schema';
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
}

/** A row's outcome: the airing (null when it has errors) plus its errors and warnings. */
export interface RowOutcome {
  airing: PostlogAiring | null;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/**
 * Validates and normalises one data row to a PostlogAiring (spec §5 "Post-log import";
 * issue #2 §3). `row` is the 1-based data row number, used in every issue and as the airing id
 * when the file has no id column. Errors name the plspots field; blank creatives and zero
 * lengths are warnings and the airing is kept.
 */
export function normaliseRow(cells: readonly string[], row: number, ctx: RowContext): RowOutcome {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  // Plain functions, not per-row closures: this runs once per row of files of 100k+ rows.
  function cell(field: PlspotField): string {
    const i = ctx.columns[field];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  }
  function fail(field: PlspotField, message: string, proposed?: string) {
    errors.push(
      proposed === undefined ? { row, field, message } : { row, field, message, proposed },
    );
  }

  const named = cell('advertiser');
  if (ctx.onlyAdvertiser !== undefined && named && !sameName(named, ctx.onlyAdvertiser)) {
    const only = ctx.onlyAdvertiser;
    fail(
      'advertiser',
      `Advertiser ${quoteCell(named)} is not ${only}: this upload is for ${only} only.`,
    );
  }

  const station = cell('station');
  if (!station) fail('station', 'Station is blank.');

  const type = parseStationType(cell('station_type'));
  if (isCellError(type)) fail('station_type', type.error);
  const [stationType, nationalType] = isCellError(type) ? (['tv', false] as const) : type;

  let market = NATIONAL;
  let dmaTz: string | null = null;
  const marketText = cell('market');
  const national =
    nationalType || (!marketText && (stationType === 'streaming' || stationType === 'podcast'));
  if (!national) {
    if (ctx.columns.market === undefined) fail('market', 'No column maps to market.');
    else {
      const resolved = resolveMarket(marketText, ctx.markets);
      if ('error' in resolved) fail('market', resolved.error);
      else ({ market, tz: dmaTz } = resolved);
    }
  }

  const tzText = cell('timezone');
  if (tzText && !isTimeZone(tzText)) fail('timezone', `Unknown time zone ${quoteCell(tzText)}.`);
  const tz = tzText && isTimeZone(tzText) ? tzText : (dmaTz ?? ctx.defaultTz);

  const timeCell = ctx.columns.time === undefined ? null : cell('time');
  const start = parseAiringInstant(cell('date'), timeCell, tz, ctx.fixYears);
  if (isCellError(start)) fail('date', start.error, start.proposed);

  const length = parseLength(cell('length'));
  if (isCellError(length)) fail('length', length.error);
  else if (length === 0) warnings.push({ row, field: 'length', message: 'Length is zero.' });

  const creative = cell('creative') || null;
  if (!creative) warnings.push({ row, field: 'creative', message: 'Creative is blank.' });

  const cost = parseCostCents(cell('cost'));
  if (isCellError(cost)) fail('cost', cost.error);
  const impressions = parseCount(cell('impressions'));
  if (isCellError(impressions)) fail('impressions', impressions.error);

  if (errors.length > 0 || isCellError(start) || isCellError(length)) {
    return { airing: null, errors, warnings };
  }
  return {
    airing: {
      id: cell('airing_id') || String(row),
      startUtc: start,
      market,
      tz,
      station,
      stationType,
      network: cell('network') || null,
      program: cell('program') || null,
      cableZone: cell('cable_zone') || null,
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
