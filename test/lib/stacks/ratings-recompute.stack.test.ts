import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { buildStage, functionEnv, functionStatements, logicalIdOf } from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
const FN = `${RATINGS_RECOMPUTE_WORKER.id}Function`;

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
});

describe('ratings recompute', () => {
  it('runs daily at 06:00 UTC on EventBridge', () => {
    const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', FN);

    pipeline.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 6 * * ? *)',
      Targets: [{ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } }],
    });
  });

  it('has the companies table and nothing else', () => {
    const env = functionEnv(pipeline, FN);
    const actions = functionStatements(pipeline, FN).flatMap((s) => s.Action);

    expect(env).toHaveProperty('COMPANIES_TABLE');
    expect(env).not.toHaveProperty('REPORTS_BUCKET');
    expect(env).not.toHaveProperty('LAKE_BUCKET');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem', 'dynamodb:Query']));
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('sqs:'))).toBe(false);
  });
});
