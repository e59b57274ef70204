import type { Caller } from '#shared/auth/caller';
import { campaignScope } from '#shared/campaigns/campaign-scope';
import { type ClientRecord, readableClient } from '#shared/companies/companies';
import type {
  FamilyDocument,
  FamilyGenerateRequest,
  FamilyKind,
} from '#shared/contracts/families.schema';
import { NotFound, ValidationError } from '#shared/errors';
import {
  type FamilyPeriod,
  monthComparisons,
  monthPeriod,
  quarterComparisons,
  quarterPeriod,
  sameDaysOf,
} from './family-periods';
import { monthlyDocument, monthlyNgDocument, type PeriodDocs } from './monthly';
import { ORG_FAMILY_BUILDERS } from './org-rollup-builders';
import type { BuildDeps, PeriodFilter } from './ports';
import { quarterlyDocument } from './quarterly';

/**
 * Builds one family document from its request, for the caller. Each kind has a builder in
 * FAMILY_BUILDERS; the organisation families add theirs there.
 */
export type FamilyBuilder = (
  deps: BuildDeps,
  caller: Caller,
  request: FamilyGenerateRequest,
) => Promise<FamilyDocument>;

/**
 * The client the request names, readable by the caller.
 * @throws ValidationError when the request names none; NotFound ('Client') when it is unknown
 *   or the caller may not see it (another customer's client answers the same).
 */
export async function requestClient(
  deps: Pick<BuildDeps, 'companies'>,
  caller: Caller,
  request: FamilyGenerateRequest,
): Promise<ClientRecord> {
  if (!request.client_uid) throw new ValidationError('client_uid is required.', 'client_uid');
  return readableClient(deps.companies, caller, request.client_uid);
}

/**
 * The campaign a request is scoped to (its stations, creatives, markets and flight), or none.
 * @throws ValidationError naming campaign_uid when campaigns are not available here; NotFound
 *   ('Campaign') when the client has no such campaign.
 */
async function requestCampaign(
  deps: BuildDeps,
  client: ClientRecord,
  request: FamilyGenerateRequest,
) {
  if (!request.campaign_uid) return null;
  if (!deps.campaigns)
    throw new ValidationError('Campaign reports are not available yet.', 'campaign_uid');
  const campaign = await deps.campaigns.get(client.client_uid, request.campaign_uid);
  if (!campaign) throw new NotFound('Campaign');
  return campaign;
}

/** The part of `period` inside [start, end], or null when they do not meet. */
function clip(period: FamilyPeriod, start: string, end: string): FamilyPeriod | null {
  const s = period.start > start ? period.start : start;
  const e = period.end < end ? period.end : end;
  return s <= e ? { ...period, start: s, end: e } : null;
}

/**
 * The three documents of a client period (this one, the one before, the same one a year
 * before), run by the engine in parallel. With a campaign, every run counts only the campaign's
 * stations, creatives and markets, this period is clipped to the flight and the two it compares
 * with to the same days (family-periods.ts sameDaysOf).
 * @throws ValidationError naming campaign_uid when the flight does not touch the period.
 */
async function periodDocs(
  deps: BuildDeps,
  client: ClientRecord,
  periods: { period: FamilyPeriod; prev: FamilyPeriod; yoy: FamilyPeriod },
  filter: PeriodFilter,
): Promise<PeriodDocs> {
  let { period, prev, yoy } = periods;
  if (filter.campaign) {
    const clipped = clip(period, filter.campaign.date_start, filter.campaign.date_end);
    if (!clipped)
      throw new ValidationError(
        `The campaign's flight does not cover ${period.label}.`,
        'campaign_uid',
      );
    // Like with like: the comparisons cover the same days as the flight's part of the period.
    prev = sameDaysOf(period, clipped, prev);
    yoy = sameDaysOf(period, clipped, yoy);
    period = clipped;
  }
  const run = (p: FamilyPeriod) =>
    deps.periods.run(client, { date_start: p.start, date_end: p.end }, filter);
  const [doc, prevDoc, yoyDoc] = await Promise.all([run(period), run(prev), run(yoy)]);
  return { period, prev, yoy, doc, prevDoc, yoyDoc };
}

/** Builds a client family over month or quarter periods. */
function clientFamily(
  periodsOf: (req: FamilyGenerateRequest) => {
    period: FamilyPeriod;
    prev: FamilyPeriod;
    yoy: FamilyPeriod;
  },
  stream: boolean,
  make: typeof monthlyDocument,
): FamilyBuilder {
  return async (deps, caller, request) => {
    const client = await requestClient(deps, caller, request);
    const periods = periodsOf(request);
    const campaign = await requestCampaign(deps, client, request);
    const docs = await periodDocs(deps, client, periods, {
      stream,
      campaign: campaign ? campaignScope(campaign) : null,
    });
    const doc = make({ client, campaignName: campaign?.name ?? null }, docs);
    // A flight's part of a period is compared with the same days: the subtitle says which.
    const partial = docs.prev !== periods.prev || docs.yoy !== periods.yoy;
    return partial
      ? {
          ...doc,
          subtitle: `${doc.subtitle} · compared with ${docs.prev.label} and ${docs.yoy.label}`,
        }
      : doc;
  };
}

const monthOf = (r: FamilyGenerateRequest) => {
  const month = r.month ?? '';
  return { period: monthPeriod(month), ...monthComparisons(month) };
};
const quarterOfRequest = (r: FamilyGenerateRequest) => {
  const quarter = r.quarter ?? '';
  return { period: quarterPeriod(quarter), ...quarterComparisons(quarter) };
};

/** The builder of each family. Kinds without one are refused. */
export const FAMILY_BUILDERS: Partial<Record<FamilyKind, FamilyBuilder>> = {
  monthly: clientFamily(monthOf, false, monthlyDocument),
  monthly_ng: clientFamily(monthOf, true, monthlyNgDocument),
  quarterly: clientFamily(quarterOfRequest, false, quarterlyDocument),
  ...ORG_FAMILY_BUILDERS,
};

/**
 * The executive report (the executive summary page alone, available for every family): the
 * same document without its sections, so it renders as the first page only.
 */
export function executiveOnly(doc: FamilyDocument): FamilyDocument {
  return { ...doc, sections: [] };
}

/**
 * Builds a family document (spec §1 report families, §7 *_generate): the kind's builder over the
 * engine's numbers, for what the caller may see; with executive_only, the executive page alone.
 * @throws ValidationError naming the field when the request lacks what the kind needs or the
 *   kind has no builder; NotFound ('Client') when the client is unknown or not readable by the
 *   caller; NotFound ('Campaign') for an unknown campaign.
 */
export async function buildFamilyDocument(
  deps: BuildDeps,
  caller: Caller,
  request: FamilyGenerateRequest,
): Promise<FamilyDocument> {
  const builder = FAMILY_BUILDERS[request.kind];
  if (!builder) throw new ValidationError(`The ${request.kind} report is not available.`, 'kind');
  const doc = await builder(deps, caller, request);
  return request.executive_only ? executiveOnly(doc) : doc;
}
