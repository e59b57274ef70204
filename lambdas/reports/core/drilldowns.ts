import type { Caller } from '#shared/auth/caller';
import { type CampaignScope, campaignScope } from '#shared/campaigns/campaign-scope';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { DrilldownView, ReportFilters } from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import { JsonText } from '#shared/http/envelope';
import type { CallerFacts } from './caller-facts';
import type { DrillDocument } from './drill-codec';
import { type DecodedDrill, type DrillScope, decodePeriod, drillPeriod } from './drill-periods';
import { lockedSections, refuseLockedDrill, withholdPeriod } from './feature-gates';
import { startReportRead } from './get-report';
import { drillKey } from './keys';
import type { ReportStore } from './ports';
import { AnswerCache } from './report-answers';
import { ReportObjectCache } from './report-object-cache';
import type { AllowanceDeps } from './usage';

// print_report and the organisation roll-ups drill periods too; the filtering lives in
// drill-periods.ts.
export { type DrillScope, drillPeriod } from './drill-periods';

/**
 * Decoded drill data of recently used reports, per container (report-object-cache.ts). Keeps the
 * `capacity` most recently used reports (default 4; a 50,000-airing report decodes to ~30 MB).
 */
export class DrillCache extends ReportObjectCache<DecodedDrill> {
  constructor(capacity = 4) {
    super(capacity);
  }
}

/** One drill answer: both periods, filtered, re-aggregated and with locked sections withheld. */
export type DrillAnswer = Pick<DrilldownView, 'main' | 'compare'>;

/**
 * Drill answers of recently asked drills, per container (report-answers.ts): a stored report
 * never changes, so the answer to one drill (report, route scope, filters without their labels,
 * the campaign's scope as read now, the sections locked for the caller) is the same for every
 * caller it is served to; the access check still runs on every request before an answer is
 * looked up. Keeps the `capacity` most recently used answers (default 64; an answer is about
 * 100 KB of rows).
 */
export class DrillAnswerCache extends AnswerCache<DrillAnswer> {
  constructor(capacity = 64) {
    super(capacity);
  }
}

/** The answer cache's key of one drill (labels left out: display text, not the selection). */
export function drillAnswerKey(
  reportKey: string,
  scope: DrillScope,
  filters: ReportFilters,
  campaign: CampaignScope | undefined,
  locked: readonly string[],
): string {
  const drill = filters.drill.map((f) => [f.dimension, f.key]);
  return JSON.stringify([
    reportKey,
    scope,
    filters.broadcast_type,
    drill,
    campaign ?? null,
    locked,
  ]);
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
  /** Answers of recent drills, kept by the warm container. */
  answers?: DrillAnswerCache;
  /**
   * The client's campaigns (CompaniesTable; lambdas/campaigns), read when the filters name one.
   * Absent: every campaign filter answers 404 (Campaign).
   */
  campaigns?: CampaignReader;
  /**
   * The caller's memberships and shares, kept by the warm container for a few seconds (the
   * plan is read on every request: core/caller-facts.ts). Absent: read once for this request.
   */
  facts?: CallerFacts;
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
  const { reportId, answer } = await drillAnswerOf(deps, caller, input, scope);
  return { report_id: reportId, filters: input.filters, ...answer };
}

/** fetchDrilldowns' steps: the report drilled and its answer (the kept one when there is one). */
async function drillAnswerOf(
  deps: DrilldownsDeps,
  caller: Caller,
  input: { client_uid: string; report_id?: string; filters: ReportFilters },
  scope: DrillScope,
): Promise<{ reportId: string; answer: DrillAnswer }> {
  // The reads that need only the caller and the ids start beside the access check; their
  // results (and errors) are used only once it has passed (getReport does the same).
  const { clientUid, namedId, plans, access, allowance } = startReportRead(deps, caller, input);
  const cache = deps.cache ?? new DrillCache(1);
  const drillOf = (reportId: string) => {
    const key = drillKey(clientUid, reportId);
    return cache.get(key, async (): Promise<DecodedDrill | null> => {
      const doc = await deps.store.getJson<DrillDocument>(key);
      if (!doc) return null;
      return {
        main: decodePeriod(doc.main),
        compare: doc.compare ? decodePeriod(doc.compare) : null,
      };
    });
  };
  const early = namedId ? drillOf(namedId) : null;
  const campaignRead = campaignScopeOf(deps, clientUid, input.filters);
  early?.catch(() => {});
  campaignRead.catch(() => {});
  const { client, reportId } = await access;
  const first = await allowance(client);
  const flags = first;
  const locked = await lockedSections({ plans }, caller, flags);
  refuseLockedDrill(input.filters, locked);
  const campaign = await campaignRead;
  const drill = await (early ?? drillOf(reportId));
  if (!drill) throw new NotFound('Report');
  const compute = (): DrillAnswer => ({
    main: withholdPeriod(drillPeriod(drill.main, input.filters, scope, campaign), locked),
    // A campaign's flight lies in the report period; the comparison period has no flight.
    compare:
      drill.compare && !campaign
        ? withholdPeriod(drillPeriod(drill.compare, input.filters, scope), locked)
        : null,
  });
  const key = drillAnswerKey(drillKey(clientUid, reportId), scope, input.filters, campaign, locked);
  const answer = deps.answers ? deps.answers.get(key, compute) : compute();
  return { reportId, answer };
}

/** Heads (report id and filters as sent) kept per drill answer with their JSON text. */
const HEADS_PER_ANSWER = 8;

const serialised = new WeakMap<DrillAnswer, { periods: string; texts: Map<string, JsonText> }>();

/**
 * fetchDrilldowns' answer as JSON text for the routes: the periods of a kept answer
 * (DrillAnswerCache) are serialised once; the report id and the filters as sent (labels
 * included) are added in front. The text of the same answer with the same head is kept too
 * (the last 8 heads per answer), so a repeated drill is the same JsonText and its compressed
 * bytes (adapters/gzip-answers.ts) are reused.
 */
export async function fetchDrilldownsJson(
  deps: DrilldownsDeps,
  caller: Caller,
  input: { client_uid: string; report_id?: string; filters: ReportFilters },
  scope: DrillScope = 'all',
): Promise<JsonText> {
  const { reportId, answer } = await drillAnswerOf(deps, caller, input, scope);
  let kept = serialised.get(answer);
  if (!kept) {
    // `{"main":...,"compare":...}` less its opening brace: the periods, then the closing one.
    kept = { periods: JSON.stringify(answer).slice(1), texts: new Map() };
    serialised.set(answer, kept);
  }
  const head = `{"report_id":${JSON.stringify(reportId)},"filters":${JSON.stringify(input.filters)},`;
  let text = kept.texts.get(head);
  if (!text) {
    text = new JsonText(`${head}${kept.periods}`);
    if (kept.texts.size >= HEADS_PER_ANSWER) kept.texts.clear();
    kept.texts.set(head, text);
  }
  return text;
}
