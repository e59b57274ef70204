import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GA_PULL_SCHEDULE_WORKER, GA_PULL_WORKER } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { buildStage, functionEnv, functionStatements, logicalIdOf } from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
const PULL = `${GA_PULL_WORKER.id}Function`;
const SCHEDULE = `${GA_PULL_SCHEDULE_WORKER.id}Function`;

beforeAll(() => {
  stacks = buildStage({ googleClientId: 'cid.apps.googleusercontent.com' });
  pipeline = Template.fromStack(stacks.pipeline);
});

describe('the GA4 pull', () => {
  it('consumes the GA4 pull queue one message at a time and returns only failed messages', () => {
    const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', PULL);

    pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('opens stored grants but cannot seal new ones, reads the Google secret, and writes only the table, the lake and its own queue', () => {
    const env = functionEnv(pipeline, PULL);
    const actions = functionStatements(pipeline, PULL).flatMap((s) => s.Action);

    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([
        'COMPANIES_TABLE',
        'LAKE_BUCKET',
        'GA_PULL_QUEUE_URL',
        'GOOGLE_SECRET_ARN',
        'GOOGLE_OAUTH_CLIENT_ID',
        'GOOGLE_SERVICE_ACCOUNT_EMAIL',
        'CONNECT_SITE_URL',
        'TOKEN_KMS_KEY_ID',
        'MAIL_FROM',
      ]),
    );
    expect(env).not.toHaveProperty('UPLOADS_BUCKET');
    expect(env).not.toHaveProperty('GOOGLE_SECRET_JSON');
    expect(actions).toEqual(
      expect.arrayContaining([
        'kms:Decrypt',
        'secretsmanager:GetSecretValue',
        'sqs:SendMessage',
        'dynamodb:PutItem',
        's3:PutObject',
        'ses:SendEmail',
      ]),
    );
    expect(actions).not.toContain('kms:Encrypt');
    expect(actions.some((a) => a.startsWith('states:') || a.startsWith('athena:'))).toBe(false);
  });
});

describe('the GA4 pull schedule', () => {
  it('runs every hour and may only read the table and queue pulls', () => {
    const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', SCHEDULE);
    const actions = functionStatements(pipeline, SCHEDULE).flatMap((s) => s.Action);

    pipeline.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [{ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } }],
    });
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'sqs:SendMessage']));
    expect(actions.some((a) => /^dynamodb:(Put|Update|Delete)/.test(a))).toBe(false);
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('kms:'))).toBe(false);
  });
});

describe('the Google token key', () => {
  it('rotates yearly and stays with a prod stage', () => {
    const data = Template.fromStack(stacks.data);
    const prod = Template.fromStack(buildStage({ stage: 'prod' }).data);

    data.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    prod.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain' });
  });
});
