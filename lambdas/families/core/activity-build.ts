import type { Caller } from '#shared/auth/caller';
import type { ClientRecord } from '#shared/companies/companies';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { NotFound, ValidationError } from '#shared/errors';
import { visibleClients } from '../../companies/core/fetch-companies';
import { buildActivityDocument } from './activity';
import { mayReportOnOrg, type OrgFamilyDeps } from './org-rollup-ports';
import { rangePeriod } from './org-rollup-stats';

/**
 * Builds the activity report for a caller (activity_report_generate).
 * Steps: 1. the scope: one of the caller's station groups (its visible clients that aired on
 * one of the group's stations) or an organisation (its visible clients and those of its
 * sub-organisations); 2. the facts of those clients over the period (UTC days);
 * 3. buildActivityDocument.
 * @throws ValidationError when neither station_group_id nor org_uid is given; NotFound when the
 *   station group is not the caller's, or the caller is not of the organisation (staff, a member
 *   of it or of its parent) or sees no client of it.
 */
export async function buildActivity(
  deps: OrgFamilyDeps,
  caller: Caller,
  req: { station_group_id?: string; org_uid?: string; start: string; end: string },
): Promise<FamilyDocument> {
  const { visible } = await visibleClients(deps.companies, caller);
  const clients = visible.map((v) => v.client).filter((c) => !c.demo);
  let scope: { kind: 'station_group' | 'organisation'; name: string };
  let inScope: ClientRecord[];
  if (req.station_group_id) {
    const group = (await deps.groups.groupsOf(caller.userId)).find(
      (g) => g.id === req.station_group_id,
    );
    if (!group) throw new NotFound('Station group');
    const set = new Set(group.stations.map((s) => s.toUpperCase()));
    inScope = clients.filter((c) =>
      Object.entries(c.station_airings ?? {}).some(([s, n]) => n > 0 && set.has(s.toUpperCase())),
    );
    scope = { kind: 'station_group', name: group.name };
  } else if (req.org_uid) {
    if (!(await mayReportOnOrg(deps.companies, caller, req.org_uid)))
      throw new NotFound('Organisation');
    const orgs = new Set([req.org_uid, ...(await deps.companies.childOrgs(req.org_uid))]);
    inScope = clients.filter((c) => orgs.has(c.org_uid));
    if (inScope.length === 0) throw new NotFound('Organisation');
    const names = await deps.orgs.orgNames([req.org_uid]);
    scope = { kind: 'organisation', name: names.get(req.org_uid) ?? 'Organisation' };
  } else {
    throw new ValidationError(
      'station_group_id or org_uid is required for the activity report.',
      'station_group_id',
    );
  }
  const period = rangePeriod(req.start, req.end);
  const from = `${period.start}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${period.end}T00:00:00Z`) + 86_400_000).toISOString();
  const orgUids = [...new Set(inScope.map((c) => c.org_uid))];
  const facts = await deps.activity.factsOf(inScope, orgUids, from, to);
  return buildActivityDocument({
    scope,
    period,
    clients: inScope.map((c) => ({
      client_uid: c.client_uid,
      name: c.name,
      created_at: c.created_at,
    })),
    facts,
  });
}
