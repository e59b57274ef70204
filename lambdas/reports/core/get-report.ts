import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  readableClient,
} from '#shared/companies/companies';
import {
  type ReportDocument,
  type ReportView,
  type StoredReportView,
  storedViewOf,
} from '#shared/contracts/report.schema';
import { creativeNameMap, withCreativeNames } from '#shared/creatives/creative-names';
import type { CreativesRepository } from '#shared/creatives/creatives';
import { NotFound } from '#shared/errors';
import { JsonText } from '#shared/http/envelope';
import { CallerFacts } from './caller-facts';
import { lockedSections, withholdView } from './feature-gates';
import { reportInsights } from './insights';
import { reportKey, safeId, viewKey } from './keys';
import type { ReportStore } from './ports';
import { AnswerCache } from './report-answers';
import { ReportObjectCache } from './report-object-cache';
import { type AllowanceDeps, startReportAllowance } from './usage';

/**
 * Stored report views of recently read reports, per container (report-object-cache.ts). A view of
 * a 50,000-airing, 12-month report is about 160 KB of JSON (35 KB gzipped: tables ~120 KB, chart
 * series ~34 KB); 16 are kept.
 */
export class ReportViewCache extends ReportObjectCache<StoredReportView> {
  constructor(capacity = 16) {
    super(capacity);
  }
}

/**
 * get_report answers as served, per container (report-answers.ts): a stored view as callers with
 * the same paywall flags, withheld sections and creative names see it, insights included. The
 * key holds all of these (and the view's key, which binds the client); the access check, the
 * free-report usage, the plan and the client record are still read on every request (the
 * caller's memberships and shares may come from CallerFacts, kept a few seconds:
 * core/caller-facts.ts). Keeps the `capacity` most recently used answers (default 32, about
 * 160 KB each for a 50,000-airing report).
 */
export class ReportAnswerCache extends AnswerCache<ReportView> {
  constructor(capacity = 32) {
    super(capacity);
  }
}

/**
 * The client the caller may read and the report asked for: `report_id`, or the client's latest.
 * Every report read (get_report, drill-downs, print_report) starts here; the keys built from the
 * result bind the report to the client. With `facts`, the caller's memberships and shares come
 * from them (core/caller-facts.ts; the client record is read all the same).
 * @throws NotFound ('Client') when the client is unknown or not readable; NotFound ('Report')
 *   when no report is named and the client has none yet; ValidationError for malformed ids.
 */
export async function readableReport(
  companies: CompaniesRepository,
  caller: Caller,
  input: { client_uid: string; report_id?: string },
  facts?: CallerFacts,
): Promise<{ client: ClientRecord; reportId: string }> {
  const clientUid = safeId(input.client_uid, 'client_uid');
  const client = facts
    ? await facts.readableClient(companies, caller, clientUid)
    : await readableClient(companies, caller, clientUid);
  const reportId = input.report_id ? safeId(input.report_id, 'report_id') : client.latest_report_id;
  if (!reportId) throw new NotFound('Report');
  return { client, reportId };
}

/**
 * The stored view of a report (the document without its per-airing list): `.../view.json`, or for
 * a report stored before views existed, the document less its airings. Ids are checked by the
 * key functions; the keys bind the report to its client.
 * @returns the view, or null when the client has no such report.
 */
export async function loadStoredView(
  store: ReportStore,
  clientUid: string,
  reportId: string,
): Promise<StoredReportView | null> {
  const view = await store.getJson<StoredReportView>(viewKey(clientUid, reportId));
  if (view) return view;
  const doc = await store.getJson<ReportDocument>(reportKey(clientUid, reportId));
  return doc ? storedViewOf(doc) : null;
}

/**
 * A stored report of a client the caller may read (the report screen's read).
 * Steps: 1. load the readable client; 2. pick report_id or the client's latest report; 3. read
 * the stored view `reports/<client_uid>/<report_id>/view.json` (the document without its
 * per-airing list; a warm container keeps recent views), or for a report stored before views
 * existed, `reports/<client_uid>/<report_id>.json` less its airings. The keys bind the report to
 * the client, so another client's report id finds nothing; 4. add the caller's paywall flags
 * (max_reports, free_report: core/usage.ts; spec §4, §9): the free-report usage is read on every
 * request, the plan may be up to CallerFacts' TTL old (core/caller-facts.ts).
 * @returns the ReportView.
 * @throws NotFound ('Report') when the client has no such report; NotFound ('Client') when the
 *   client is unknown or not readable; ValidationError for malformed ids.
 * 5. add the insights sentences only when the caller is not behind the paywall (`insights: null`
 *   otherwise), so the gated panel cannot be read from the API either; 6. past the free reports,
 *   leave out the sections sold one by one that the caller has not unlocked (creative
 *   breakdowns, foot traffic, the Pro Digital parts: core/feature-gates.ts) and name them in
 *   `locked_sections`; 7. show the names users gave the client's creatives (update_creatives)
 *   in the Creative table and the creatives breakdowns, when `creatives` is given.
 * The reads of steps 3 and 4 start beside step 1 (a named report_id; the caller's plan and
 * free clients) and are used only once step 1 has passed; step 7's creatives are asked for once
 * step 1 has passed, by the client record it read (kept by its creatives_version:
 * core/caller-facts.ts, so most requests read none).
 */
export async function getReport(
  deps: AllowanceDeps & {
    companies: CompaniesRepository;
    store: ReportStore;
    cache?: ReportViewCache;
    /** Answers as served, kept by the warm container. */
    answers?: ReportAnswerCache;
    creatives?: Pick<CreativesRepository, 'list'>;
    /**
     * The caller's memberships and shares, kept by the warm container for a few seconds (the
     * plan is read on every request), and the client's creatives, kept by the client record's
     * creatives_version (core/caller-facts.ts). Absent: read once for this request.
     */
    facts?: CallerFacts;
  },
  caller: Caller,
  input: { client_uid: string; report_id?: string },
): Promise<ReportView> {
  // The reads that need only the caller and the ids start beside the access check (one round
  // trip of waiting instead of one per read); none of their results is used, nor any of their
  // errors shown, unless the check passes, and the answer is built only after it.
  const { clientUid, namedId, facts, plans, access, allowance } = startReportRead(
    deps,
    caller,
    input,
  );
  const cache = deps.cache ?? new ReportViewCache(1);
  const viewOf = (reportId: string) =>
    cache.get(viewKey(clientUid, reportId), () => loadStoredView(deps.store, clientUid, reportId));
  const early = namedId ? viewOf(namedId) : null;
  early?.catch(() => {});
  const { client, reportId } = await access;
  // The creatives are asked for by the client record just read: kept by its creatives_version,
  // they cost no read until a creative is written (core/caller-facts.ts).
  const [view, first, list] = await Promise.all([
    early ?? viewOf(reportId),
    allowance(client),
    facts.creatives(caller, client),
  ]);
  const flags = first;
  if (!view) throw new NotFound('Report');
  const locked = await lockedSections({ plans }, caller, flags);
  const names = creativeNameMap(list);
  const build = (): ReportView => {
    const gated = withholdView(view, locked);
    const named = {
      ...withCreativeNames(gated.view, names),
      compare: gated.view.compare ? withCreativeNames(gated.view.compare, names) : null,
    };
    const unlocked = { ...named, ...flags, insights: null, locked_sections: gated.withheld };
    return { ...unlocked, insights: flags.max_reports ? null : reportInsights(unlocked) };
  };
  if (!deps.answers) return build();
  const key = JSON.stringify([
    viewKey(clientUid, reportId),
    flags.max_reports,
    flags.free_report,
    locked,
    [...names],
  ]);
  return deps.answers.get(key, build);
}

/**
 * The start of every report read (get_report, the drill-downs): the ids checked, the access
 * check (readableReport) and the caller's plan and free-report lookups started together. None of
 * the lookups' results may be used, nor their errors shown, before `access` has resolved.
 * @throws ValidationError for malformed ids (at once, before any read).
 */
export function startReportRead(
  deps: AllowanceDeps & {
    companies: CompaniesRepository;
    creatives?: Pick<CreativesRepository, 'list'>;
    facts?: CallerFacts;
  },
  caller: Caller,
  input: { client_uid: string; report_id?: string },
) {
  const clientUid = safeId(input.client_uid, 'client_uid');
  const namedId = input.report_id ? safeId(input.report_id, 'report_id') : null;
  const facts = deps.facts ?? requestFacts(deps);
  const plans = facts.plansOf(caller);
  const access = readableReport(deps.companies, caller, input, facts);
  const allowance = startReportAllowance({ usage: deps.usage, plans }, caller);
  return { clientUid, namedId, facts, plans, access, allowance };
}

/**
 * Caller facts kept for one request only: the organisations are still read once for both the
 * access check and the plan.
 */
export function requestFacts(deps: {
  companies: CompaniesRepository;
  plans: AllowanceDeps['plans'];
  creatives?: Pick<CreativesRepository, 'list'>;
}): CallerFacts {
  return new CallerFacts(deps, { ttlMs: Number.POSITIVE_INFINITY, capacity: 1 });
}

const serialised = new WeakMap<ReportView, JsonText>();

/**
 * getReport's answer as JSON text for the route: a kept answer (ReportAnswerCache) is
 * serialised once, not on every request.
 */
export async function getReportJson(
  deps: Parameters<typeof getReport>[0],
  caller: Caller,
  input: { client_uid: string; report_id?: string },
): Promise<JsonText> {
  const answer = await getReport(deps, caller, input);
  let text = serialised.get(answer);
  if (!text) {
    text = new JsonText(JSON.stringify(answer));
    serialised.set(answer, text);
  }
  return text;
}
