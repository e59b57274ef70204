import { CustomResource } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { REFERENCE_LISTS, referenceKey } from '#shared/reference/reference-lists';
import { shippedReferenceVersion } from '#shared/reference/shipped';
import { ENV, REFERENCE_SEED_WORKER } from '#shared/workers';
import { ApiFunction } from './api-function.construct';

/** Props of {@link ReferenceSeed}. */
export interface ReferenceSeedProps {
  /** The CompaniesTable, which holds the reference lists (pk `REF#<list>`). */
  readonly table: ITableV2;
  readonly logRetention: RetentionDays;
}

/**
 * Loads the shipped reference lists (IAB industries, Nielsen DMAs as regions and as the imports'
 * market list) into the stage's CompaniesTable during the deploy, so names show and imports
 * resolve markets from the first request, with no step to remember. A custom resource whose
 * `Version` is a digest of the shipped lists: CloudFormation calls the seed Lambda
 * (REFERENCE_SEED_WORKER) on create and again whenever a list changes.
 */
export class ReferenceSeed extends Construct {
  /** The seed Lambda: may only PutItem the reference lists' items of the companies table. */
  readonly function: ApiFunction;

  constructor(scope: Construct, id: string, props: ReferenceSeedProps) {
    super(scope, id);
    this.function = new ApiFunction(this, `${REFERENCE_SEED_WORKER.id}Function`, {
      entry: REFERENCE_SEED_WORKER.handler,
      timeoutS: REFERENCE_SEED_WORKER.timeoutS,
      memoryMb: REFERENCE_SEED_WORKER.memoryMb,
      logRetention: props.logRetention,
      description: 'Loads the shipped reference lists into the companies table on deploy',
    });
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringEquals': {
            'dynamodb:LeadingKeys': REFERENCE_LISTS.map(referenceKey),
          },
        },
      }),
    );
    this.function.addEnvironment(ENV.companiesTable, props.table.tableName);
    const provider = new Provider(this, 'Provider', { onEventHandler: this.function });
    new CustomResource(this, 'Lists', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::ReferenceSeed',
      properties: { Version: shippedReferenceVersion() },
    });
  }
}
