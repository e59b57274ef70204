import { randomUUID } from 'node:crypto';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { type SecretReader, secretsManagerReader } from '#shared/aws/secrets';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import { availableProductsOf } from '#shared/billing/entitlements';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { requiredEnv } from '#shared/env';
import { lazy, lazyAsync } from '#shared/lazy';
import { ENV } from '#shared/workers';
// A family per campaign names one of the client's campaigns (the campaigns context's items).
import { campaignStoreFromEnv } from '../../campaigns/adapters/campaigns-deps';
import type { ScheduleDeps, ScheduleTriggers } from '../core/ports';
import { DynamoSchedules } from './dynamo-schedules';
import { EventBridgeTriggers } from './eventbridge-triggers';
import { localTriggers } from './local-triggers';

/**
 * The triggers for this environment: EventBridge Scheduler when SCHEDULE_GROUP is set (AWS:
 * with DELIVERY_QUEUE_ARN and SCHEDULER_ROLE_ARN), else the local stack's croner timers.
 * @throws Error naming a missing variable (AWS), at first use.
 */
export function triggersFromEnv(env: NodeJS.ProcessEnv = process.env): ScheduleTriggers {
  if (!env[ENV.scheduleGroup]) return localTriggers;
  return lazy(
    () =>
      new EventBridgeTriggers(new SchedulerClient({}), {
        group: requiredEnv(env, ENV.scheduleGroup),
        queueArn: requiredEnv(env, ENV.deliveryQueueArn),
        roleArn: requiredEnv(env, ENV.schedulerRoleArn),
      }),
  );
}

/** Schedules and deliveries on the CompaniesTable (COMPANIES_TABLE). */
export const schedulesStoreFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  lazy(() => new DynamoSchedules(ddbDocClient(), requiredEnv(env, ENV.companiesTable)));

/** What the schedule routes run with (COMPANIES_TABLE, and the triggers above). */
export function buildScheduleDeps(env: NodeJS.ProcessEnv = process.env): ScheduleDeps {
  const store = schedulesStoreFromEnv(env);
  const table = () => requiredEnv(env, ENV.companiesTable);
  const entitlements = lazy(() => ({
    memberships: new DynamoAccounts(ddbDocClient(), table()),
    subscriptions: new DynamoSubscriptionReader(ddbDocClient(), table()),
  }));
  return {
    companies: lazy(() => new DynamoCompanies(ddbDocClient(), table())),
    campaigns: lazy(() => campaignStoreFromEnv(env)),
    schedules: store,
    deliveries: store,
    triggers: triggersFromEnv(env),
    features: { availableProducts: (userId) => availableProductsOf(entitlements, userId) },
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/**
 * The unsubscribe links' signing secret: SCHEDULE_LINK_SECRET itself (local), else the string
 * of the Secrets Manager secret SCHEDULE_LINK_SECRET_ARN (AWS), read once per container.
 * @throws Error naming both variables when neither is set, or when the secret is under 32
 *   characters.
 */
export function linkSecretFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  read: SecretReader = secretsManagerReader,
): () => Promise<string> {
  return lazyAsync(async () => {
    const secret =
      env[ENV.scheduleLinkSecret] ||
      (env[ENV.scheduleLinkSecretArn] ? (await read(env[ENV.scheduleLinkSecretArn]!)).trim() : '');
    if (!secret) throw new Error(`Set ${ENV.scheduleLinkSecret} or ${ENV.scheduleLinkSecretArn}.`);
    if (secret.length < 32) throw new Error('The schedule link secret must be 32+ characters.');
    return secret;
  });
}
