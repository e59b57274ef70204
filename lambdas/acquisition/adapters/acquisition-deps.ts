import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
// The published ratings are the ratings context's store (read only).
import { DynamoRatingsResults } from '../../ratings/adapters/dynamo-ratings-results';
// The advertiser's own VPA is its latest report's Industry Insights contribution (reports context).
import { DynamoIndustryBenchmarks } from '../../reports/adapters/dynamo-industry-benchmarks';
import type { AcquisitionDeps } from '../core/ports';
import { EntitledGate } from './entitled-gate';
import { ContributionOwnVpa } from './own-vpa';
import { RatingsOutlets } from './ratings-outlets';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/** The acquisition routes' composition root (table parsed at cold start: throws naming it). */
export function buildAcquisitionDeps(env: NodeJS.ProcessEnv = process.env): AcquisitionDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  const db = ddbDocClient();
  return {
    companies: new DynamoCompanies(db, table),
    outlets: new RatingsOutlets(new DynamoRatingsResults(db, table)),
    ownVpa: new ContributionOwnVpa(lazy(() => new DynamoIndustryBenchmarks(db, table))),
    gate: new EntitledGate({
      memberships: new DynamoAccounts(db, table),
      subscriptions: new DynamoSubscriptionReader(db, table),
    }),
  };
}
