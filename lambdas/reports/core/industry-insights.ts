import type { Caller } from '#shared/auth/caller';
import { availableProductsOf, type EntitlementDeps } from '#shared/billing/entitlements';
import {
  type ClientRecord,
  type CompaniesRepository,
  clientWithPerms,
  writableClient,
} from '#shared/companies/companies';
import {
  type IndustryInsights,
  type IndustryInsightsInput,
  type IndustrySectionId,
  type SetClientIndustryInput,
  sectionFlag,
} from '#shared/contracts/industry-insights.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { NotFound, ValidationError } from '#shared/errors';
import type { Industry } from '#shared/reference/industries';
import { loadStoredView } from './get-report';
import { benchmarkSections, type IndustryBenchmarkStore } from './industry-benchmarks';
import {
  contributionOf,
  type IndustryContribution,
  type WeeklyNewUsers,
} from './industry-contribution';
import { refreshIndustryTrend } from './industry-trends';
import { safeId } from './keys';
import type { ReportStore } from './ports';

/** The industries list as the reference route keeps it (lambdas/reference). */
export interface IndustryList {
  get<T>(list: 'industries'): Promise<T[] | null>;
}

/** What the industry_insights and set_client_industry routes read and write. */
export interface IndustryInsightsDeps {
  companies: CompaniesRepository;
  benchmarks: IndustryBenchmarkStore;
  industries: IndustryList;
  entitlements: EntitlementDeps;
  /** Stored report views: the own side when a report is named (industry_insights only). */
  store: ReportStore;
}

/**
 * Which sections the caller may open: every one for staff and on a demo client (spec §6 "A demo
 * client counts as having analytics"); otherwise industry_insights_unlimited or the section's own
 * flag (a pay-per-insight unlock) of the caller's available_products, derived on the server.
 */
async function unlockedSections(
  deps: IndustryInsightsDeps,
  caller: Caller,
  client: ClientRecord,
): Promise<(section: IndustrySectionId) => boolean> {
  if (caller.staff || client.demo) return () => true;
  const flags = await availableProductsOf(deps.entitlements, caller.userId);
  return (section) => flags.industry_insights_unlimited || flags[sectionFlag(section)];
}

/** The industry's name from the reference list; its id alone when the list is not loaded. */
async function industryName(deps: IndustryInsightsDeps, id: string): Promise<string> {
  const list = (await deps.industries.get<Industry>('industries')) ?? [];
  return list.find((i) => i.id === id)?.name ?? `Industry ${id}`;
}

/**
 * The client's own side: the contribution of the report named (its stored view, read through the
 * key that binds it to the client), else its latest contribution.
 * @throws NotFound ('Report') when the client has no such report.
 */
async function ownContribution(
  deps: Pick<IndustryInsightsDeps, 'benchmarks' | 'store'>,
  clientUid: string,
  reportId: string | undefined,
): Promise<IndustryContribution | null> {
  if (!reportId) return deps.benchmarks.getOwn(clientUid);
  const view = await loadStoredView(deps.store, clientUid, reportId);
  if (!view) throw new NotFound('Report');
  return contributionOf(view, view.generated_at);
}

/**
 * GET industry_insights: the industry response summary of a client (Industry Insights; contract
 * in layers/shared/contracts/industry-insights.schema.ts).
 * Steps: 1. load the client the caller may read; 2. without an industry, say so (and whether the
 * caller may set it); 3. read the client's own contribution (of `report_id` when given, e.g. an
 * older report on screen or a printout; else its latest) and its industry's contributions of
 * the same kind (sample-data clients only ever meet sample data); 4. compute every section the
 * caller's plan opens; locked sections carry no numbers.
 * @throws NotFound ('Client') when the client is unknown or not readable (same answer);
 *   NotFound ('Report') when the client has no report `report_id`; ValidationError for
 *   malformed ids.
 */
export async function industryInsights(
  deps: IndustryInsightsDeps,
  caller: Caller,
  input: IndustryInsightsInput,
): Promise<IndustryInsights> {
  const uid = safeId(input.client_uid, 'client_uid');
  const reportId = input.report_id ? safeId(input.report_id, 'report_id') : undefined;
  const { client, perms } = await clientWithPerms(deps.companies, caller, uid, 'view');
  const industryId = client.industry_id ?? null;
  const base = {
    client_uid: client.client_uid,
    can_set_industry: perms.edit,
    sample_data: client.sample_data,
  };
  if (!industryId) {
    return {
      ...base,
      industry: null,
      advertisers: 0,
      has_own_report: false,
      report_id: null,
      sections: [],
      updated_at: null,
    };
  }
  const [own, all, unlocked, name] = await Promise.all([
    ownContribution(deps, client.client_uid, reportId),
    deps.benchmarks.listIndustry(industryId, client.sample_data),
    unlockedSections(deps, caller, client),
    industryName(deps, industryId),
  ]);
  const peers = all.filter((c) => c.client_uid !== client.client_uid);
  const stamps = [own, ...peers].flatMap((c) => (c ? [c.updated_at] : []));
  return {
    ...base,
    industry: { id: industryId, name },
    advertisers: peers.length,
    has_own_report: own !== null,
    report_id: own?.report_id ?? null,
    sections: benchmarkSections(own, peers, unlocked),
    updated_at: stamps.length > 0 ? (stamps.sort().at(-1) ?? null) : null,
  };
}

/**
 * POST set_client_industry: files a client under an industry (IAB ad-product taxonomy id).
 * Steps: 1. load the client the caller may edit; 2. check the id against the industries list
 * (when loaded); 3. move its latest contribution from the old industry to the new one; 4. save the
 * client. Setting the same industry again changes nothing.
 * @throws NotFound when invisible; Forbidden without `edit` (e.g. demo clients);
 *   ValidationError (field industry_id) for an unknown industry.
 */
export async function setClientIndustry(
  deps: Omit<IndustryInsightsDeps, 'store'>,
  caller: Caller,
  input: SetClientIndustryInput,
): Promise<{ client_uid: string; industry_id: string }> {
  const uid = safeId(input.client_uid, 'client_uid');
  const client = await writableClient(deps.companies, caller, uid);
  const list = await deps.industries.get<Industry>('industries');
  if (list && !list.some((i) => i.id === input.industry_id)) {
    throw new ValidationError('Please choose an industry', 'industry_id');
  }
  const old = client.industry_id ?? null;
  if (old !== input.industry_id) {
    const own = await deps.benchmarks.getOwn(uid);
    if (own) await deps.benchmarks.putInIndustry(input.industry_id, own);
    if (old) await deps.benchmarks.removeFromIndustry(old, uid, client.sample_data);
    if (own) await refreshIndustryTrend(deps.benchmarks, input.industry_id, own.sample_data);
    if (old && own) await refreshIndustryTrend(deps.benchmarks, old, own.sample_data);
    await deps.companies.updateClient(uid, { industry_id: input.industry_id });
  }
  return { client_uid: uid, industry_id: input.industry_id };
}

/**
 * The Store step's part of the industry response summary: the report's contribution becomes
 * the client's latest (with its weekly new users, when given), and is filed under the client's
 * industry when it has one, whose weekly trend is then recomputed. A retried Store writes the
 * same items again.
 */
export async function recordContribution(
  benchmarks: IndustryBenchmarkStore,
  client: Pick<ClientRecord, 'industry_id'>,
  doc: ReportDocument,
  storedAt: string,
  weeklyNewUsers: WeeklyNewUsers | null = null,
): Promise<void> {
  const contribution = contributionOf(doc, storedAt);
  if (weeklyNewUsers) contribution.weekly_new_users = weeklyNewUsers;
  await benchmarks.putOwn(contribution);
  if (client.industry_id) {
    await benchmarks.putInIndustry(client.industry_id, contribution);
    await refreshIndustryTrend(benchmarks, client.industry_id, contribution.sample_data);
  }
}
