import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import type { CampaignsDeps } from '../core/ports';
import { DynamoCampaigns } from './dynamo-campaigns';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/** The campaign routes' composition root (table parsed at cold start: throws naming it). */
export function buildCampaignsDeps(env: NodeJS.ProcessEnv = process.env): CampaignsDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  const store = new DynamoCampaigns(ddbDocClient(), table);
  return {
    companies: new DynamoCompanies(ddbDocClient(), table),
    campaigns: store,
    sessions: store,
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/** The campaigns alone (the report's drill-down routes read a campaign's scope from them). */
export function campaignStoreFromEnv(env: NodeJS.ProcessEnv = process.env): DynamoCampaigns {
  return new DynamoCampaigns(ddbDocClient(), readEnv(tableEnv, env)[ENV.companiesTable]);
}
