import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  actionsOn,
  buildStage,
  constructId,
  functionEnv,
  functionStatements,
  logicalIdOf,
} from '../cdk-fixture';

interface AslState {
  Type: string;
  Resource?: string;
  Next?: string;
  End?: boolean;
  Retry?: Array<{ ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number }>;
  Catch?: Array<{ ErrorEquals: string[]; Next: string; ResultPath?: string }>;
}

const TRANSIENT = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

let stacks: AppStacks;
let pipeline: Template;
let machine: { StartAt: string; States: Record<string, AslState>; QueryLanguage?: string };
let machineProps: Record<string, unknown>;

/** Joins the definition's Fn::Join parts; a Fn::GetAtt becomes the referenced logical id. */
function definitionOf(definitionString: unknown): typeof machine {
  const join = (definitionString as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  const text = join[1]
    .map((part) =>
      typeof part === 'string' ? part : (part as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0],
    )
    .join(join[0]);
  return JSON.parse(text);
}

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
  const [sm] = Object.values(pipeline.findResources('AWS::StepFunctions::StateMachine'));
  machineProps = sm?.Properties;
  machine = definitionOf(machineProps.DefinitionString);
});

const dataId = (resource: unknown) => constructId(resource, stacks.data);

describe('report state machine', () => {
  it('runs the REPORT_STEPS tasks in registry order, each on its own step Lambda', () => {
    const order: string[] = [];
    for (let name: string | undefined = machine.StartAt; name; name = machine.States[name]?.Next) {
      order.push(name);
      if (machine.States[name]?.End) break;
    }

    expect(order).toEqual(REPORT_STEPS.map((s) => s.state));
    for (const step of [...REPORT_STEPS, REPORT_FAILURE_STEP]) {
      const fnId = logicalIdOf(pipeline, 'AWS::Lambda::Function', `${step.state}StepFunction`);
      expect(machine.States[step.state]).toMatchObject({ Type: 'Task', Resource: fnId });
    }
  });

  it('retries transient Lambda errors with backoff on every Task', () => {
    const tasks = Object.entries(machine.States).filter(([, s]) => s.Type === 'Task');
    expect(tasks).toHaveLength(REPORT_STEPS.length + 1);
    for (const [name, task] of tasks) {
      const retry = task.Retry?.find((r) => TRANSIENT.every((e) => r.ErrorEquals.includes(e)));
      expect(retry, name).toBeDefined();
      expect(retry?.BackoffRate).toBeGreaterThan(1);
      expect(retry?.MaxAttempts).toBeGreaterThan(1);
    }
  });

  it('sends any step failure to MarkFailed with the error under $.error, then fails', () => {
    for (const step of REPORT_STEPS) {
      expect(machine.States[step.state]?.Catch, step.state).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' },
      ]);
    }
    const after = machine.States.MarkFailed?.Next ?? '';
    expect(machine.States[after]?.Type).toBe('Fail');
  });

  it('uses JSONPath, logs executions and traces with X-Ray', () => {
    expect(machine.QueryLanguage).not.toBe('JSONata');
    expect(JSON.stringify(machine)).not.toContain('JSONata');
    expect(machineProps).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL' },
    });
  });
});

describe('report steps and queue consumer', () => {
  it('lets only Extract query the lake through Athena', () => {
    for (const step of REPORT_STEPS) {
      const actions = functionStatements(pipeline, `${step.state}StepFunction`).flatMap(
        (s) => s.Action,
      );
      expect(actions.includes('athena:StartQueryExecution'), step.state).toBe(
        step.state === 'Extract',
      );
    }
    expect(functionEnv(pipeline, 'ExtractStepFunction')).toMatchObject({ QUERY_ENGINE: 'athena' });
    expect(functionEnv(pipeline, 'ExtractStepFunction')).toHaveProperty('GLUE_DATABASE');
  });

  it('lets Extract UNLOAD query rows under the Athena results prefix, then list and read them', () => {
    const env = functionEnv(pipeline, 'ExtractStepFunction') as Record<string, unknown>;
    const uri = JSON.stringify(env.ATHENA_UNLOAD_URI);
    const bucket = dataId(stacks.data.resources.reportsBucket);
    expect(uri).toContain('s3://');
    expect(uri).toContain(bucket);
    expect(uri).toContain('/athena-results/unload/');
    const statements = functionStatements(pipeline, 'ExtractStepFunction');
    const onPrefix = statements
      .filter(
        (s) => s.Effect === 'Allow' && JSON.stringify(s.Resource).includes('/athena-results/*'),
      )
      .flatMap((s) => s.Action);
    for (const action of ['s3:PutObject', 's3:GetObject*', 's3:List*', 's3:Abort*']) {
      expect(onPrefix, action).toContain(action);
    }
  });

  it('lets Extract read the airings, visits and foot_traffic Glue tables', () => {
    const statements = functionStatements(pipeline, 'ExtractStepFunction');

    for (const table of ['AiringsTable', 'VisitsTable', 'FootTrafficTable']) {
      expect(actionsOn(statements, table), table).toContain('glue:GetTable');
    }
  });

  it('lets every step read and write the reports bucket and the table', () => {
    for (const step of [...REPORT_STEPS, REPORT_FAILURE_STEP]) {
      const statements = functionStatements(pipeline, `${step.state}StepFunction`);
      expect(actionsOn(statements, dataId(stacks.data.resources.reportsBucket))).toContain(
        's3:PutObject',
      );
      expect(actionsOn(statements, dataId(stacks.data.resources.companiesTable))).toContain(
        'dynamodb:UpdateItem',
      );
      expect(functionEnv(pipeline, `${step.state}StepFunction`)).toHaveProperty('REPORTS_BUCKET');
    }
  });

  it('lets the steps that end a run (Store, MarkFailed), and only those, free its run slot', () => {
    for (const step of [...REPORT_STEPS, REPORT_FAILURE_STEP]) {
      const ends = step.state === 'Store' || step.state === REPORT_FAILURE_STEP.state;
      const statements = functionStatements(pipeline, `${step.state}StepFunction`);
      const onSessions = actionsOn(statements, dataId(stacks.data.resources.sessionsTable));
      expect(onSessions.includes('dynamodb:DeleteItem'), step.state).toBe(ends);
      expect(
        Object.hasOwn(functionEnv(pipeline, `${step.state}StepFunction`), 'SESSIONS_TABLE'),
      ).toBe(ends);
    }
  });

  it('consumes the report queue in batches of 5 with partial batch failures', () => {
    pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: {
        Ref: logicalIdOf(pipeline, 'AWS::Lambda::Function', 'ReportQueueConsumerFunction'),
      },
    });
    const [mapping] = Object.values(pipeline.findResources('AWS::Lambda::EventSourceMapping'));
    expect(JSON.stringify(mapping?.Properties.EventSourceArn)).toContain(
      dataId(stacks.data.resources.reportQueue),
    );
  });

  it('lets the queue consumer start the state machine it is told about', () => {
    const smId = logicalIdOf(pipeline, 'AWS::StepFunctions::StateMachine', 'ReportStateMachine');
    const statements = functionStatements(pipeline, 'ReportQueueConsumerFunction');

    expect(actionsOn(statements, smId)).toContain('states:StartExecution');
    expect(functionEnv(pipeline, 'ReportQueueConsumerFunction').REPORT_STATE_MACHINE_ARN).toEqual({
      Ref: smId,
    });
  });
});

describe('import worker', () => {
  it('is triggered by objects created under uploads/ in the uploads bucket', () => {
    const importFn = logicalIdOf(pipeline, 'AWS::Lambda::Function', 'ImportObjectCreatedFunction');
    const [notifications] = Object.values(pipeline.findResources('Custom::S3BucketNotifications'));

    expect(JSON.stringify(notifications?.Properties.BucketName)).toContain(
      dataId(stacks.data.resources.uploadsBucket),
    );
    expect(
      notifications?.Properties.NotificationConfiguration.LambdaFunctionConfigurations,
    ).toContainEqual({
      Events: ['s3:ObjectCreated:*'],
      Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } },
      LambdaFunctionArn: { 'Fn::GetAtt': [importFn, 'Arn'] },
    });
    pipeline.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [importFn, 'Arn'] },
    });
  });

  it('writes the lake and reads uploads, but cannot query Athena', () => {
    const statements = functionStatements(pipeline, 'ImportObjectCreatedFunction');

    expect(actionsOn(statements, dataId(stacks.data.resources.lakeBucket))).toContain(
      's3:PutObject',
    );
    expect(actionsOn(statements, dataId(stacks.data.resources.uploadsBucket))).toContain(
      's3:GetObject*',
    );
    expect(statements.flatMap((s) => s.Action).some((a) => a.startsWith('athena:'))).toBe(false);
  });
});

describe('call-list worker', () => {
  const fn = 'CallListRefreshFunction';
  const uploadsArn = () => dataId(stacks.data.resources.uploadsBucket);
  /** The uploads-bucket object patterns (after the bucket ARN) of statements granting `action`. */
  const keyPatternsFor = (action: string) =>
    functionStatements(pipeline, fn)
      .filter((s) => s.Action.includes(action) && JSON.stringify(s.Resource).includes(uploadsArn()))
      .flatMap((s) => s.Resource)
      .map((r) => JSON.stringify(r).match(/"(\/[^"]*)"/)?.[1] ?? 'bucket');

  it('is triggered only by .csv objects created under monitoring/', () => {
    const callListFn = logicalIdOf(pipeline, 'AWS::Lambda::Function', fn);
    const [notifications] = Object.values(pipeline.findResources('Custom::S3BucketNotifications'));
    const configs = notifications?.Properties.NotificationConfiguration
      .LambdaFunctionConfigurations as Array<{
      Filter: { Key: { FilterRules: Array<{ Name: string; Value: string }> } };
      LambdaFunctionArn: unknown;
    }>;

    const mine = configs.filter(
      (c) =>
        JSON.stringify(c.LambdaFunctionArn) ===
        JSON.stringify({ 'Fn::GetAtt': [callListFn, 'Arn'] }),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.Filter.Key.FilterRules).toEqual(
      expect.arrayContaining([
        { Name: 'prefix', Value: 'monitoring/' },
        { Name: 'suffix', Value: '.csv' },
      ]),
    );
    expect(mine[0]?.Filter.Key.FilterRules).toHaveLength(2);
    pipeline.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [callListFn, 'Arn'] },
    });
  });

  it('reads monitoring/ and writes only report objects there, never deletes', () => {
    const actions = functionStatements(pipeline, fn).flatMap((s) => s.Action);

    expect(keyPatternsFor('s3:GetObject*')).toContain('/monitoring/*');
    expect(keyPatternsFor('s3:GetObject*')).not.toContain('/*');
    expect(keyPatternsFor('s3:PutObject')).toEqual(['/monitoring/*.report.json']);
    expect(actions.some((a) => a.startsWith('s3:DeleteObject'))).toBe(false);
    expect(functionEnv(pipeline, fn)).toHaveProperty('UPLOADS_BUCKET');
  });

  it('reads and writes the call records table, named by CALL_RECORDS_TABLE', () => {
    const statements = functionStatements(pipeline, fn);

    expect(actionsOn(statements, dataId(stacks.data.resources.callRecordsTable))).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
    expect(JSON.stringify(functionEnv(pipeline, fn).CALL_RECORDS_TABLE)).toContain(
      dataId(stacks.data.resources.callRecordsTable),
    );
  });

  it('may only read the industries list and the real benchmark partitions of the companies table', () => {
    const companies = dataId(stacks.data.resources.companiesTable);
    const statements = functionStatements(pipeline, fn);
    const policies = Object.values(pipeline.findResources('AWS::IAM::Policy'));
    const raw = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>)
      .filter((st) => JSON.stringify(st.Resource).includes(companies) && st.Condition);

    expect(actionsOn(statements, companies).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(raw).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['REF#industries'] } },
      }),
    );
    expect(raw).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:Query',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INDUSTRY#*#real'] } },
      }),
    );
    expect(actionsOn(statements, dataId(stacks.data.resources.lakeBucket))).toEqual([]);
    expect(statements.flatMap((s) => s.Action).some((a) => a.startsWith('athena:'))).toBe(false);
  });
});
