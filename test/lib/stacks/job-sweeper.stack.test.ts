import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_SWEEPER_WORKER } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { buildStage, functionEnv, functionStatements, logicalIdOf } from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
const FN = `${JOB_SWEEPER_WORKER.id}Function`;

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
});

describe('job sweeper', () => {
  it('runs every 5 minutes on EventBridge', () => {
    const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', FN);

    pipeline.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [{ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } }],
    });
  });

  it("has the jobs table, the run slots (to free a failed run's) and the lake (to delete unused generations), nothing else", () => {
    const env = functionEnv(pipeline, FN);
    const actions = functionStatements(pipeline, FN).flatMap((s) => s.Action);

    expect(env).toHaveProperty('COMPANIES_TABLE');
    expect(env).toHaveProperty('SESSIONS_TABLE');
    expect(env).toHaveProperty('LAKE_BUCKET');
    expect(env).not.toHaveProperty('UPLOADS_BUCKET');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 's3:DeleteObject*']));
    expect(actions.some((a) => a.startsWith('sqs:') || a.startsWith('states:'))).toBe(false);
  });
});
