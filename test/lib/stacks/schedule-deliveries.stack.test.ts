import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_WORKER } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  buildStage,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
  resourcesOf,
} from '../cdk-fixture';

let stacks: AppStacks;
let data: Template;
let api: Template;
let pipeline: Template;
const WORKER = `${DELIVERY_WORKER.id}Function`;

beforeAll(() => {
  stacks = buildStage();
  data = Template.fromStack(stacks.data);
  api = flattenedTemplate(stacks.api);
  pipeline = Template.fromStack(stacks.pipeline);
});

const actionsOf = (template: Template, fn: string) =>
  functionStatements(template, fn).flatMap((s) => s.Action);

describe('the scheduled deliveries data', () => {
  it('keeps a DeliveryQueue whose messages are hidden six times the consumer timeout and dead-lettered after 5 receives', () => {
    const dlq = logicalIdOf(data, 'AWS::SQS::Queue', 'DeliveryDeadLetterQueue');

    data.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 6 * DELIVERY_WORKER.timeoutS,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('has a schedule group and a role only EventBridge Scheduler of this account may assume, which may only send to the DeliveryQueue', () => {
    const queue = logicalIdOf(data, 'AWS::SQS::Queue', 'DeliveryQueue');
    const role = logicalIdOf(data, 'AWS::IAM::Role', 'DeliverySchedulerRole');
    const policies = Object.values(resourcesOf(data)).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties?.Roles).includes(`"${role}"`),
    );
    const statements = policies.flatMap(
      (p) =>
        (p.Properties?.PolicyDocument as { Statement?: Record<string, unknown>[] } | undefined)
          ?.Statement ?? [],
    );

    data.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    data.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            }),
          }),
        ],
      },
    });
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['sqs:SendMessage']);
    expect(JSON.stringify(statements.map((s) => s.Resource))).toContain(queue);
  });

  it('generates the unsubscribe-link secret instead of writing it in the template', () => {
    data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });
});

describe('the schedule routes', () => {
  it('create, update and a client merge may write and delete schedules of the group and pass the scheduler role to the Scheduler only', () => {
    for (const fn of ['CreateScheduleFunction', 'UpdateScheduleFunction', 'ClientMergeFunction']) {
      const statements = functionStatements(api, fn);
      const passRole = statements.find((s) => s.Action.includes('iam:PassRole'));

      expect(statements.flatMap((s) => s.Action)).toEqual(
        expect.arrayContaining([
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'iam:PassRole',
        ]),
      );
      expect(JSON.stringify(passRole?.Resource)).toContain('DeliverySchedulerRole');
      expect(Object.keys(functionEnv(api, fn))).toEqual(
        expect.arrayContaining(['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'DELIVERY_QUEUE_ARN']),
      );
      expect(statements.flatMap((s) => s.Action)).not.toContain('secretsmanager:GetSecretValue');
    }
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'iam:PassRole',
            Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          }),
        ]),
      },
    });
  });

  it('the delivery history only reads the table; the public unsubscribe reads the link secret', () => {
    const history = actionsOf(api, 'ScheduleDeliveriesFunction');
    const unsubscribe = actionsOf(api, 'ScheduleUnsubscribeFunction');

    expect(history.some((a) => a.startsWith('scheduler:') || a.startsWith('secretsmanager:'))).toBe(
      false,
    );
    expect(history.some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toBe(false);
    expect(unsubscribe).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue']));
    expect(functionEnv(api, 'ScheduleUnsubscribeFunction')).toHaveProperty(
      'SCHEDULE_LINK_SECRET_ARN',
    );
  });
});

describe('the delivery worker', () => {
  it('consumes the DeliveryQueue one message at a time and returns only failed messages', () => {
    const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', WORKER);

    pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('mails, signs links, moves its message for the backoff, and never touches the triggers', () => {
    const actions = actionsOf(pipeline, WORKER);
    const env = functionEnv(pipeline, WORKER);

    expect(actions).toEqual(
      expect.arrayContaining([
        'ses:SendEmail',
        'secretsmanager:GetSecretValue',
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'dynamodb:PutItem',
        's3:PutObject',
      ]),
    );
    expect(actions.some((a) => a.startsWith('scheduler:') || a === 'iam:PassRole')).toBe(false);
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([
        'COMPANIES_TABLE',
        'SESSIONS_TABLE',
        'REPORTS_BUCKET',
        'MAIL_FROM',
        'APP_ORIGIN',
        'DELIVERY_QUEUE_URL',
        'SCHEDULE_LINK_SECRET_ARN',
        'PDF_RENDERER',
      ]),
    );
  });
});
