import { z } from 'zod';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { envString, readEnv } from '#shared/env';
import { dmaName } from '#shared/locations/opening-hours';
import { ENV } from '#shared/workers';
import { companyListDeps } from '../../companies/adapters/company-list-deps';
import type { OrgFamilyDeps, OrgPorts, StationGroupsOf } from '../core/org-rollup-ports';
import { DynamoStationClients, StoredActivityFacts } from './org-family-stores';

/** A market's name: the shipped DMA list's, "National" for national airings, else the code. */
export const marketName = (code: string) =>
  code === 'NATIONAL' ? 'National' : (dmaName(code) ?? code);

let options:
  | { companies: OrgFamilyDeps['companies']; groups: StationGroupsOf; orgs: OrgPorts['orgs'] }
  | undefined;

/**
 * The organisation families' ports without the figures (station_group_options and the routes
 * that plan): clients and station groups from the task list's adapters, organisation names.
 */
export function orgOptionDeps() {
  const list = companyListDeps();
  options ??= {
    companies: list.companies,
    groups: {
      async groupsOf(userId: string) {
        return (await list.prefs.load(userId)).station_groups;
      },
    },
    orgs: list.orgs,
  };
  return options;
}

/**
 * The organisation families' own ports (OrgPorts) given the figures source; reads
 * COMPANIES_TABLE and REPORTS_BUCKET.
 */
export function orgPorts(stats: OrgPorts['stats']): OrgPorts {
  const env = readEnv(
    z.object({ [ENV.companiesTable]: envString, [ENV.reportsBucket]: envString }),
  );
  const table = env[ENV.companiesTable] as string;
  const db = ddbDocClient();
  const options = orgOptionDeps();
  return {
    stats,
    stationClients: new DynamoStationClients(db, table),
    activity: new StoredActivityFacts({
      db,
      table,
      s3: s3Client(),
      reportsBucket: env[ENV.reportsBucket] as string,
      connections: new DynamoConnectionsStore(db, table),
    }),
    groups: options.groups,
    orgs: options.orgs,
    marketName,
  };
}

/** Every organisation-family dependency given the figures source. */
export function orgFamilyDepsOf(stats: OrgPorts['stats']): OrgFamilyDeps {
  return { companies: orgOptionDeps().companies, ...orgPorts(stats) };
}
