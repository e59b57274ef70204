import type { Caller } from '#shared/auth/caller';
import { readableClient } from '#shared/companies/companies';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { visibleClients } from '../../companies/core/fetch-companies';
import { buildAdvertiserDocument } from './advertiser';
import type { OrgFamilyDeps } from './org-rollup-ports';
import { rangePeriod } from './org-rollup-stats';

/**
 * The organisations that make up a rep's organisation: its top organisation (the parent of a
 * sub-organisation) and every sub-organisation of that.
 */
export async function orgTree(deps: Pick<OrgFamilyDeps, 'companies'>, orgUid: string) {
  const root = (await deps.companies.parentOf(orgUid)) ?? orgUid;
  return new Set([root, ...(await deps.companies.childOrgs(root))]);
}

/**
 * Builds the advertiser report for a caller (advertiser_report_generate).
 * Steps: 1. the advertiser's client record named by advertiser_id, which the caller must see;
 * 2. every client record the caller sees in the same rep organisation (top organisation and its
 * sub-organisations) with the same advertiser name (case-insensitive); 3. each one's figures
 * over the period; 4. buildAdvertiserDocument.
 * @throws NotFound when the record does not exist or the caller cannot see it.
 */
export async function buildAdvertiser(
  deps: OrgFamilyDeps,
  caller: Caller,
  req: { advertiser_id: string; start: string; end: string },
): Promise<FamilyDocument> {
  const anchor = await readableClient(deps.companies, caller, req.advertiser_id);
  const period = rangePeriod(req.start, req.end);
  const [tree, { visible }] = await Promise.all([
    orgTree(deps, anchor.org_uid),
    visibleClients(deps.companies, caller),
  ]);
  const name = anchor.name.toLowerCase();
  const records = visible
    .map((v) => v.client)
    .filter(
      (c) =>
        c.client_uid === anchor.client_uid ||
        (tree.has(c.org_uid) && c.name.toLowerCase() === name),
    );
  const orgNames = await deps.orgs.orgNames([...new Set(records.map((c) => c.org_uid))]);
  const stats = await Promise.all(records.map((c) => deps.stats.statsOf(c, period)));
  return buildAdvertiserDocument({
    advertiser: anchor.name,
    period,
    records: records.map((c, i) => ({
      org_name: orgNames.get(c.org_uid) ?? (c.demo ? 'Sample clients' : 'Organisation'),
      stats: stats[i] ?? {
        client_uid: c.client_uid,
        airings: 0,
        visits: 0,
        cost_cents: null,
        stations: [],
      },
    })),
    marketName: deps.marketName,
  });
}
