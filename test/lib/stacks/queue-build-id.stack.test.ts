import { resolve } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ID_ENV } from '#shared/build-id';
import { readWebBuildId } from '../../../lib/build-id-file';
import { PROJECT_ROOT } from '../../../lib/constructs/api-function.construct';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { buildStage, flattenedTemplate, functionEnv } from '../cdk-fixture';

let stacks: AppStacks;
let api: Template;

beforeAll(() => {
  stacks = buildStage();
  api = flattenedTemplate(stacks.api);
});

describe('the tasks panel and the deployed build', () => {
  it('gives company_queue_monitor the id of the web build deployed with it, and no other route', () => {
    expect(functionEnv(api, 'CompanyQueueMonitorFunction')).toMatchObject({
      [BUILD_ID_ENV]: readWebBuildId(resolve(PROJECT_ROOT, 'web/dist')),
    });
    expect(functionEnv(api, 'FetchCompaniesFunction')).not.toHaveProperty(BUILD_ID_ENV);
  });

  it('lets the CompaniesTable expire the job index items (TTL on expires_at)', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [{ IndexName: 'gsi1' }],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });
});
