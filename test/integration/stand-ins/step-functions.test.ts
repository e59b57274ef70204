import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  ExecutionAlreadyExists,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';
import { LocalStepFunctions } from '../../../lib/local/sfn-runner';
import { type LocalSfnServer, startSfnServer } from '../../../lib/local/sfn-server';
import { reportStateMachineAsl } from '../../../lib/report-asl';
import { callsOf, eventually } from '../support/calls';

const ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:test-report';
const STEP = 'test/integration/support/step.handler.ts';

let sfn: LocalStepFunctions;
let server: LocalSfnServer;
let client: SFNClient;

beforeAll(async () => {
  // The real report ASL as CDK synthesizes it, every Task run by the test step handler.
  const states = [...REPORT_STEPS, REPORT_FAILURE_STEP].map((s) => s.state);
  sfn = new LocalStepFunctions(
    [
      {
        arn: ARN,
        definition: reportStateMachineAsl().definition as never,
        taskHandlers: Object.fromEntries(states.map((s) => [s, STEP])),
      },
    ],
    { log: () => {} },
  );
  server = await startSfnServer({ sfn, port: 0, log: () => {} });
  client = new SFNClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
  });
});

afterAll(async () => {
  client.destroy();
  await sfn.stop();
  await server.stop();
});

async function finished(executionArn: string): Promise<DescribeExecutionCommandOutput> {
  return eventually(async () => {
    const out = await client.send(new DescribeExecutionCommand({ executionArn }));
    return out.status === 'RUNNING' ? undefined : out;
  });
}

test('StartExecution through the SDK runs the report steps in order and returns at once', async () => {
  const start = await client.send(
    new StartExecutionCommand({
      stateMachineArn: ARN,
      name: 'run-ok',
      input: '{"report_id":"r1"}',
    }),
  );

  expect(start.executionArn).toBe(
    'arn:aws:states:us-east-1:000000000000:execution:test-report:run-ok',
  );
  const done = await finished(start.executionArn!);
  expect(done.status).toBe('SUCCEEDED');
  expect(JSON.parse(done.output!)).toEqual({
    report_id: 'r1',
    trail: ['Extract', 'Attribute', 'Aggregate', 'Store'],
  });
});

test('a failing step is caught: MarkFailed gets the Lambda-style error and the run fails', async () => {
  const start = await client.send(
    new StartExecutionCommand({
      stateMachineArn: ARN,
      name: 'run-broken',
      input: '{"fail_at":"Attribute"}',
    }),
  );

  const done = await finished(start.executionArn!);
  expect(done.status).toBe('FAILED');
  expect(done.error).toBe('ReportFailed');
  const markFailed = callsOf<{
    state: string;
    payload: { error: { Error: string; Cause: string } };
  }>('step').find((c) => c.state === 'MarkFailed');
  expect(markFailed?.payload.error.Error).toBe('StepBroke');
  expect(JSON.parse(markFailed!.payload.error.Cause)).toMatchObject({
    errorType: 'StepBroke',
    errorMessage: 'Attribute could not finish',
  });
});

test('reusing the name of a finished execution is ExecutionAlreadyExists, like AWS', async () => {
  const first = await client.send(
    new StartExecutionCommand({ stateMachineArn: ARN, name: 'run-once', input: '{}' }),
  );
  await finished(first.executionArn!);

  const again = client.send(
    new StartExecutionCommand({ stateMachineArn: ARN, name: 'run-once', input: '{}' }),
  );

  await expect(again).rejects.toBeInstanceOf(ExecutionAlreadyExists);
});

test('an unknown state machine is StateMachineDoesNotExist', async () => {
  const start = client.send(
    new StartExecutionCommand({ stateMachineArn: `${ARN}-nope`, input: '{}' }),
  );

  await expect(start).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
});
