import { type CampaignScope, inCampaignScope } from '#shared/campaigns/campaign-scope';
import type {
  BroadcastType,
  DimensionKey,
  PeriodResult,
  ReportFilters,
  ReportSummary,
} from '#shared/contracts/report.schema';
import { type LocalFields, localFields } from '../../attribution/core/local-time';
import {
  ALL_DIMENSIONS,
  buildScoredTables,
  type ScoredAiring,
} from '../../attribution/core/report';
import { rowKeyOf } from '../../attribution/core/report-keys';
import { buildSubsetSummary } from '../../attribution/core/report-subset';
import type { StationType } from '../../attribution/core/types';
import { type DrillPeriod, decodeDrillPeriod } from './drill-codec';

/*
 * A stored report's drill period filtered and re-aggregated (the drill-down routes, print_report
 * and the organisation roll-ups): which airings pass the filters, found through per-dimension
 * indexes of a decoded period, and the tables and summary over them.
 */

/**
 * Station types of each broadcast_type group (the drill-down by type; spec §3 Filters widened).
 * Cable includes national cable: the post-log import normalises national_cable/network_cable to
 * `cable` with the national market. null = every type.
 */
export const BROADCAST_TYPE_GROUPS: Record<BroadcastType, ReadonlySet<StationType> | null> = {
  all: null,
  tv: new Set(['tv']),
  radio: new Set(['radio']),
  cable: new Set(['cable']),
  streaming: new Set(['streaming']),
  podcast: new Set(['podcast']),
};

/** Which airings a route serves: every airing, or streaming/CTV and podcast airings only. */
export type DrillScope = 'all' | 'stream';

const STREAM_TYPES: ReadonlySet<StationType> = new Set(['streaming', 'podcast']);

/** Calendar dimensions need the airing's local clock fields. */
const LOCAL_DIMENSIONS = new Set([
  'daypart',
  'day_of_week',
  'day_of_month',
  'week_number',
  'month_of_year',
]);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The airings of a period that pass the filters: station type in the broadcast_type group (and
 * streaming/podcast for the stream scope), inside the campaign's scope when one is given (the
 * airing's date in its market's time zone within the flight; its station, creative and DMA in
 * the campaign's lists: layers/shared/campaigns/campaign-scope.ts), and for every drill filter,
 * the airing's row key in that dimension (report-keys.ts rowKeyOf, the same key as
 * BroadcastRow.key) equals the filter's key. Airings without a row in a filtered dimension (no
 * program, say) are dropped.
 */
export function filterScored(
  scored: readonly ScoredAiring[],
  filters: ReportFilters,
  scope: DrillScope = 'all',
  campaign?: CampaignScope,
): ScoredAiring[] {
  const group = BROADCAST_TYPE_GROUPS[filters.broadcast_type];
  const needsLocal =
    campaign !== undefined || filters.drill.some((f) => LOCAL_DIMENSIONS.has(f.dimension));
  return scored.filter(({ airing: a }) => {
    if (scope === 'stream' && !STREAM_TYPES.has(a.stationType)) return false;
    if (group && !group.has(a.stationType)) return false;
    const fields: LocalFields | undefined = needsLocal ? localFields(a.startUtc, a.tz) : undefined;
    if (campaign && fields) {
      const local_date = `${fields.year}-${pad(fields.month)}-${pad(fields.day)}`;
      const facts = { local_date, station: a.station, creative: a.creative, market: a.market };
      if (!inCampaignScope(campaign, facts)) return false;
    }
    return filters.drill.every((f) => rowKeyOf(a, f.dimension, fields)?.key === f.key);
  });
}

/**
 * A period decoded once: its summary and its airings paired with their verdicts, and the row
 * keys of the dimensions drilled so far (built on first use by {@link selectAirings} and kept
 * with the decoded period, so a drill reads only the airings of its row).
 */
export interface DecodedPeriod {
  summary: ReportSummary;
  scored: ScoredAiring[];
  /** Per dimension: each airing's row key (null: no row) and the airings of each row key. */
  index?: Partial<Record<DimensionKey, DimensionIndex>>;
  /** True once every scored airing carries its local clock fields. */
  withFields?: boolean;
}

/** Where the airings of a decoded period fall in one dimension. */
export interface DimensionIndex {
  /** Row key of airing i (report-keys.ts rowKeyOf(...).key), null when it has no row. */
  keyOf: (string | null)[];
  /** Positions of the airings of each row key, ascending. */
  rows: Map<string, number[]>;
}

/** Gives every airing of the period its local clock fields, once per decoded period. */
function ensureFields(period: DecodedPeriod): void {
  if (period.withFields) return;
  for (const s of period.scored) s.fields ??= localFields(s.airing.startUtc, s.airing.tz);
  period.withFields = true;
}

/** The period's index of `dim`, built on first use (one pass over its airings). */
export function dimensionIndex(period: DecodedPeriod, dim: DimensionKey): DimensionIndex {
  period.index ??= {};
  const index = period.index;
  const known = index[dim];
  if (known) return known;
  if (LOCAL_DIMENSIONS.has(dim)) ensureFields(period);
  const keyOf: (string | null)[] = new Array(period.scored.length);
  const rows = new Map<string, number[]>();
  period.scored.forEach((s, i) => {
    const key = rowKeyOf(s.airing, dim, s.fields)?.key ?? null;
    keyOf[i] = key;
    if (key === null) return;
    const list = rows.get(key);
    if (list) list.push(i);
    else rows.set(key, [i]);
  });
  const built = { keyOf, rows };
  index[dim] = built;
  return built;
}

/**
 * {@link filterScored} over a decoded period, through its index: the airings of the drill
 * filter with the fewest airings are the only ones looked at. Same airings, same order.
 */
export function selectAirings(
  period: DecodedPeriod,
  filters: ReportFilters,
  scope: DrillScope = 'all',
  campaign?: CampaignScope,
): ScoredAiring[] {
  const group = BROADCAST_TYPE_GROUPS[filters.broadcast_type];
  const drills = filters.drill.map((f) => ({
    key: f.key,
    index: dimensionIndex(period, f.dimension),
  }));
  let candidates: readonly number[] | null = null;
  for (const d of drills) {
    const list = d.index.rows.get(d.key) ?? [];
    if (!candidates || list.length < candidates.length) candidates = list;
  }
  if (campaign) ensureFields(period);
  const out: ScoredAiring[] = [];
  const visit = (i: number) => {
    const s = period.scored[i] as ScoredAiring;
    const a = s.airing;
    if (scope === 'stream' && !STREAM_TYPES.has(a.stationType)) return;
    if (group && !group.has(a.stationType)) return;
    if (campaign) {
      const f = s.fields as LocalFields;
      const local_date = `${f.year}-${pad(f.month)}-${pad(f.day)}`;
      const facts = { local_date, station: a.station, creative: a.creative, market: a.market };
      if (!inCampaignScope(campaign, facts)) return;
    }
    for (const d of drills) if (d.index.keyOf[i] !== d.key) return;
    out.push(s);
  };
  if (candidates) for (const i of candidates) visit(i);
  else for (let i = 0; i < period.scored.length; i++) visit(i);
  return out;
}

/** A stored report's drill data, decoded. */
export interface DecodedDrill {
  main: DecodedPeriod;
  compare: DecodedPeriod | null;
}

/** Decodes a stored period (drill-codec.ts) for filtering. */
export function decodePeriod(period: DrillPeriod): DecodedPeriod {
  return { summary: period.summary, scored: decodeDrillPeriod(period) };
}

/**
 * One period re-aggregated over the airings passing the filters: every broadcast table (shares
 * and contributions relative to the subset) and the subset summary (report-subset.ts). Each
 * airing keeps its stored verdict; attribution is not re-run. Accepts the stored or the decoded
 * period.
 */
export function drillPeriod(
  period: DrillPeriod | DecodedPeriod,
  filters: ReportFilters,
  scope: DrillScope = 'all',
  campaign?: CampaignScope,
): PeriodResult {
  const cached = 'scored' in period;
  const decoded = cached ? period : decodePeriod(period);
  // A kept period computes its airings' clock fields once, for every later drill's tables.
  if (cached) ensureFields(decoded);
  const subset = selectAirings(decoded, filters, scope, campaign);
  return {
    summary: buildSubsetSummary(decoded.summary, subset),
    tables: buildScoredTables(subset, { dimensions: ALL_DIMENSIONS }) as PeriodResult['tables'],
  };
}
