import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stage-config';

/**
 * A DynamoDB table of the data stack, which keeps data: string keys `pk`/`sk`, on-demand billing,
 * point-in-time recovery, deletion protection in prod and the stage's removal policy (prod
 * retains it). `extra` adds what one table needs besides: an index, a TTL attribute (epoch
 * seconds).
 */
export function keptTable(
  scope: Construct,
  id: string,
  config: StageConfig,
  extra: Partial<dynamodb.TablePropsV2> = {},
): dynamodb.TableV2 {
  return new dynamodb.TableV2(scope, id, {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
    billing: dynamodb.Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: config.isProd,
    removalPolicy: config.removalPolicy,
    ...extra,
  });
}
