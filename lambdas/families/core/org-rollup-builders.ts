import type { Caller } from '#shared/auth/caller';
import { readableClient } from '#shared/companies/companies';
import type { FamilyGenerateRequest, FamilyKind } from '#shared/contracts/families.schema';
import { NotFound, ValidationError } from '#shared/errors';
import { visibleClients } from '../../companies/core/fetch-companies';
import { buildActivity } from './activity-build';
import { buildAdvertiser } from './advertiser-build';
import type { FamilyBuilder } from './build';
import { mayReportOnOrg, type OrgFamilyDeps } from './org-rollup-ports';
import type { BuildDeps } from './ports';
import { buildTsq } from './tsq-build';

/**
 * The organisation families in the families' builder registry (build.ts FAMILY_BUILDERS):
 * station month, advertiser and activity. They read the client families' companies plus their
 * own ports under `org` (the composition root adds them to BuildDeps).
 */

/**
 * The organisation families' deps from the builder's.
 * @throws ValidationError naming `kind` when the composition gave no organisation ports.
 */
export function orgFamilyDeps(deps: BuildDeps): OrgFamilyDeps {
  if (!deps.org) throw new ValidationError('This report is not available here.', 'kind');
  const org = deps.org;
  // Read field by field: the composition root may hand a lazy proxy, which spreads as empty.
  return {
    companies: deps.companies,
    stats: org.stats,
    stationClients: org.stationClients,
    activity: org.activity,
    groups: org.groups,
    orgs: org.orgs,
    marketName: org.marketName,
  };
}

/** The builders of the organisation families (the request schema has checked their fields). */
export const ORG_FAMILY_BUILDERS: Partial<Record<FamilyKind, FamilyBuilder>> = {
  monthly_tsq: (deps, caller, r) =>
    buildTsq(orgFamilyDeps(deps), caller, { station_id: r.station_id ?? '', month: r.month ?? '' }),
  advertiser: (deps, caller, r) =>
    buildAdvertiser(orgFamilyDeps(deps), caller, {
      advertiser_id: r.advertiser_id ?? '',
      start: r.start ?? '',
      end: r.end ?? '',
    }),
  activity: (deps, caller, r) =>
    buildActivity(orgFamilyDeps(deps), caller, {
      station_group_id: r.station_group_id,
      org_uid: r.org_uid,
      start: r.start ?? '',
      end: r.end ?? '',
    }),
};

/**
 * What the organisation families' generate routes check at once, before any job is queued (the
 * Build step checks again): the station month needs a visible client on the station (else 404,
 * as for an unknown station, so stations cannot be probed; staff may ask about any);
 * the advertiser report a visible advertiser record (else 404); the activity report the caller's
 * own station group or an organisation they belong to (else 404), and one of the two (else 400).
 * @throws Forbidden, NotFound or ValidationError as above.
 */
export async function precheckOrgFamily(
  deps: Pick<OrgFamilyDeps, 'companies' | 'groups'>,
  caller: Caller,
  req: FamilyGenerateRequest,
): Promise<void> {
  if (req.kind === 'monthly_tsq') {
    if (caller.staff) return;
    const station = (req.station_id ?? '').toUpperCase();
    const { visible } = await visibleClients(deps.companies, caller);
    const onStation = visible.some((v) =>
      Object.entries(v.client.station_airings ?? {}).some(
        ([s, n]) => s.toUpperCase() === station && n > 0,
      ),
    );
    if (!onStation) throw new NotFound('Station');
  } else if (req.kind === 'advertiser') {
    await readableClient(deps.companies, caller, req.advertiser_id ?? '');
  } else if (req.kind === 'activity') {
    if (req.station_group_id) {
      const groups = await deps.groups.groupsOf(caller.userId);
      if (!groups.some((g) => g.id === req.station_group_id)) throw new NotFound('Station group');
    } else if (req.org_uid) {
      if (!(await mayReportOnOrg(deps.companies, caller, req.org_uid)))
        throw new NotFound('Organisation');
    } else {
      throw new ValidationError(
        'station_group_id or org_uid is required for the activity report.',
        'station_group_id',
      );
    }
  }
}
