import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  actionsOn,
  buildStage,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
  resourcesOf,
} from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
let api: Template;
let data: Template;

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
  api = flattenedTemplate(stacks.api);
  data = Template.fromStack(stacks.data);
});

/** The Generate machine's definition text (intrinsics left as JSON). */
function generateMachine(): string {
  const found = Object.entries(resourcesOf(pipeline)).find(
    ([id, r]) =>
      r.Type === 'AWS::StepFunctions::StateMachine' && id.startsWith('GenerateStateMachine'),
  );
  if (!found) throw new Error('no Generate state machine');
  return JSON.stringify(found[1].Properties?.DefinitionString);
}

describe('the generated families pipeline', () => {
  it('runs Build then Render, and MarkFailed then a Fail state on any error', () => {
    const text = generateMachine();
    expect(text).toContain('\\"StartAt\\":\\"Build\\"');
    expect(text).toContain('\\"Next\\":\\"Render\\"');
    expect(text).toContain('\\"Next\\":\\"MarkFailed\\"');
    expect(text).toContain('\\"ErrorEquals\\":[\\"States.ALL\\"]');
    expect(text).toContain('\\"GenerateFailed\\"');
  });

  it('has a GenerateQueue with a dead-letter queue after 3 receives', () => {
    const queues = Object.entries(resourcesOf(data)).filter(
      ([id, r]) => r.Type === 'AWS::SQS::Queue' && id.startsWith('GenerateQueue'),
    );
    expect(queues).toHaveLength(1);
    expect(JSON.stringify(queues[0]?.[1].Properties?.RedrivePolicy)).toContain(
      '"maxReceiveCount":3',
    );
  });

  it('starts one execution per queue message from a consumer that may start only that machine', () => {
    const mappings = Object.values(resourcesOf(pipeline)).filter(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' &&
        JSON.stringify(r.Properties?.FunctionName).includes('GenerateQueueConsumerFunction'),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const statements = functionStatements(pipeline, 'GenerateQueueConsumerFunction');
    const sfn = statements.filter((s) => s.Action.some((a) => a.startsWith('states:')));
    expect(sfn.flatMap((s) => s.Action)).toEqual(['states:StartExecution']);
    expect(JSON.stringify(sfn[0]?.Resource)).toContain('GenerateStateMachine');
    expect(
      JSON.stringify(
        functionEnv(pipeline, 'GenerateQueueConsumerFunction')[ENV.generateStateMachineArn],
      ),
    ).toContain('GenerateStateMachine');
  });

  it('renders with the Lambda Chromium on x86_64', () => {
    const id = logicalIdOf(pipeline, 'AWS::Lambda::Function', 'GenerateRenderStepFunction');
    const props = resourcesOf(pipeline)[id]?.Properties ?? {};
    expect(props.Architectures).toEqual(['x86_64']);
    expect(functionEnv(pipeline, 'GenerateRenderStepFunction').PDF_RENDERER).toBe('lambda');
  });

  it('lets a generate route send to the GenerateQueue, and the status route not', () => {
    const generate = functionStatements(api, 'QuarterlyReportGenerateFunction');
    expect(actionsOn(generate, 'GenerateQueue')).toContain('sqs:SendMessage');
    expect(
      JSON.stringify(functionEnv(api, 'QuarterlyReportGenerateFunction')[ENV.generateQueueUrl]),
    ).toContain('GenerateQueue');
    const status = functionStatements(api, 'GeneratedReportStatusFunction');
    expect(actionsOn(status, 'GenerateQueue')).toEqual([]);
  });
});
