import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { ApiFunction } from '../constructs/api-function.construct';
import type { DataResources } from './data.stack';

/**
 * The response ratings' recompute in AWS: the RatingsRecompute worker (workers.ts
 * RATINGS_RECOMPUTE_WORKER) run daily at its hour (UTC) by EventBridge. It reads contributions,
 * client records and subscription copies and writes published periods, all in the
 * CompaniesTable (the station list too), so that table is all it is bound to.
 */
export function ratingsRecompute(
  scope: Construct,
  props: { config: StageConfig; data: DataResources },
): ApiFunction {
  const fn = new ApiFunction(scope, `${RATINGS_RECOMPUTE_WORKER.id}Function`, {
    entry: RATINGS_RECOMPUTE_WORKER.handler,
    timeoutS: RATINGS_RECOMPUTE_WORKER.timeoutS,
    memoryMb: RATINGS_RECOMPUTE_WORKER.memoryMb,
    logRetention: props.config.logRetention,
    description: 'Response ratings: publishes ended months daily',
  }).bindTable(props.data.companiesTable, 'readwrite');
  new Rule(scope, `${RATINGS_RECOMPUTE_WORKER.id}Schedule`, {
    schedule: Schedule.cron({ minute: '0', hour: String(RATINGS_RECOMPUTE_WORKER.dailyAtUtcHour) }),
    targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
  });
  return fn;
}
