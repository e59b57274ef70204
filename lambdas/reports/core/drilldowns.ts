import type { Caller } from '#shared/auth/caller';
import {
  type CampaignScope,
  campaignScope,
  inCampaignScope,
} from '#shared/campaigns/campaign-scope';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type {
  BroadcastType,
  DrilldownView,
  PeriodResult,
  ReportFilters,
  ReportSummary,
} from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import { type LocalFields, localFields } from '../../attribution/core/local-time';
import {
  ALL_DIMENSIONS,
  buildScoredTables,
  type ScoredAiring,
} from '../../attribution/core/report';
import { rowKeyOf } from '../../attribution/core/report-keys';
import { buildSubsetSummary } from '../../attribution/core/report-subset';
import type { StationType } from '../../attribution/core/types';
import { type DrillDocument, type DrillPeriod, decodeDrillPeriod } from './drill-codec';
import { lockedSections, refuseLockedDrill, withholdPeriod } from './feature-gates';
import { readableReport } from './get-report';
import { drillKey } from './keys';
import type { ReportStore } from './ports';
import { ReportObjectCache } from './report-object-cache';
import { type AllowanceDeps, reportAllowance } from './usage';

/**
 * Station types of each broadcast_type group (issue #4 "Drill-down"; spec §3 Filters widened).
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

/** A period decoded once: its summary and its airings paired with their verdicts. */
export interface DecodedPeriod {
  summary: ReportSummary;
  scored: ScoredAiring[];
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
  const decoded = 'scored' in period ? period : decodePeriod(period);
  const subset = filterScored(decoded.scored, filters, scope, campaign);
  return {
    summary: buildSubsetSummary(decoded.summary, subset),
    tables: buildScoredTables(subset, { dimensions: ALL_DIMENSIONS }) as PeriodResult['tables'],
  };
}

/**
 * Decoded drill data of recently used reports, per container (report-object-cache.ts). Keeps the
 * `capacity` most recently used reports (default 4; a 50,000-airing report decodes to ~30 MB).
 */
export class DrillCache extends ReportObjectCache<DecodedDrill> {
  constructor(capacity = 4) {
    super(capacity);
  }
}

/**
 * What fetch_drilldowns and fetch_stream_drilldowns run with (usage and plans: the report
 * sections the caller has unlocked past the free reports).
 */
export interface DrilldownsDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  store: ReportStore;
  /** Decoded drill data of recent reports, kept by the warm container. */
  cache?: DrillCache;
  /**
   * The client's campaigns (CompaniesTable; lambdas/campaigns), read when the filters name one.
   * Absent: every campaign filter answers 404 (Campaign).
   */
  campaigns?: CampaignReader;
}

/** Reads one campaign of a client (lambdas/campaigns/core/ports.ts CampaignStore.get). */
export interface CampaignReader {
  get(clientUid: string, campaignUid: string): Promise<Campaign | null>;
}

/**
 * The scope of the campaign the filters name, read from the client's stored campaigns (never
 * from the request), or undefined when they name none.
 * @throws NotFound ('Campaign') when the client holds no such campaign.
 */
async function campaignScopeOf(
  deps: DrilldownsDeps,
  clientUid: string,
  filters: ReportFilters,
): Promise<CampaignScope | undefined> {
  if (!filters.campaign_uid) return undefined;
  const campaign = await deps.campaigns?.get(clientUid, filters.campaign_uid);
  if (!campaign) throw new NotFound('Campaign');
  return campaignScope(campaign);
}

/**
 * fetch_drilldowns / fetch_stream_drilldowns (spec §7): a stored report
 * filtered to a station type group and up to 5 drill filters, for the report period and the
 * comparison period.
 * Steps: 1. load the client the caller may read; 2. pick report_id or the client's latest report;
 * 3. read `reports/<client_uid>/<report_id>/drill.json` (bound to the client: another client's
 * report id finds nothing); 4. filter and re-aggregate both periods; with a
 * campaign_uid, the report period narrowed to the client's stored campaign (404 Campaign when
 * the client holds none such) and no comparison period. Past the free reports, a
 * caller without Creative (or Advertiser Insights) gets no creative breakdowns and may not drill
 * into a creative (core/feature-gates.ts).
 * @returns the DrilldownView (filters echoed back, compare null without a comparison).
 * @throws NotFound ('Client') when the client is unknown or not readable (another customer's
 *   client answers 404); NotFound ('Report') when the report or its drill data is missing (reports
 *   stored before drill data was kept); ValidationError for malformed ids; Forbidden for a creative filter
 *   while creatives are locked.
 */
export async function fetchDrilldowns(
  deps: DrilldownsDeps,
  caller: Caller,
  input: { client_uid: string; report_id?: string; filters: ReportFilters },
  scope: DrillScope = 'all',
): Promise<DrilldownView> {
  const { client, reportId } = await readableReport(deps.companies, caller, input);
  const locked = await lockedSections(deps, caller, await reportAllowance(deps, caller, client));
  refuseLockedDrill(input.filters, locked);
  const campaign = await campaignScopeOf(deps, client.client_uid, input.filters);
  const key = drillKey(client.client_uid, reportId);
  const load = async (): Promise<DecodedDrill | null> => {
    const doc = await deps.store.getJson<DrillDocument>(key);
    if (!doc) return null;
    return {
      main: decodePeriod(doc.main),
      compare: doc.compare ? decodePeriod(doc.compare) : null,
    };
  };
  const drill = await (deps.cache ?? new DrillCache(1)).get(key, load);
  if (!drill) throw new NotFound('Report');
  return {
    report_id: reportId,
    filters: input.filters,
    main: withholdPeriod(drillPeriod(drill.main, input.filters, scope, campaign), locked),
    // A campaign's flight lies in the report period; the comparison period has no flight.
    compare:
      drill.compare && !campaign
        ? withholdPeriod(drillPeriod(drill.compare, input.filters, scope), locked)
        : null,
  };
}
