import type { FamilyKind } from '#shared/contracts/families.schema';
import { ValidationError } from '#shared/errors';
import { buildActivity } from './activity-build';
import { buildAdvertiser } from './advertiser-build';
import type { FamilyBuilder } from './build';
import type { OrgFamilyDeps, OrgPorts } from './org-rollup-ports';
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
export function orgFamilyDeps(deps: BuildDeps & { org?: OrgPorts }): OrgFamilyDeps {
  if (!deps.org) throw new ValidationError('This report is not available here.', 'kind');
  return { companies: deps.companies, ...deps.org };
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
