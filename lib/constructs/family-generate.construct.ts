import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { GENERATE_QUEUE_RECEIVES } from '#shared/jobs/job-timeouts';
import {
  ENV,
  GENERATE_FAILURE_STEP,
  GENERATE_MACHINE_TIMEOUT_S,
  GENERATE_QUEUE_WORKER,
  GENERATE_STEPS,
} from '#shared/workers';
import type { DataResources } from '../stacks/data.stack';
import { ApiFunction } from './api-function.construct';
import { catchingTaskChain, jobStateMachine, markFailedChain } from './job-state-machine';

/** A Generate step's state name (`Build`, `Render`). */
export type GenerateStepState = (typeof GENERATE_STEPS)[number]['state'];

/**
 * The GenerateQueue (one `{ job_id }` per generated report) and its dead-letter queue: a message
 * stays hidden six times the consumer's timeout (AWS guidance for Lambda event sources); after
 * 3 failed starts it is set aside for 14 days.
 */
export function generateQueue(scope: Construct): sqs.Queue {
  return new sqs.Queue(scope, 'GenerateQueue', {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(6 * GENERATE_QUEUE_WORKER.timeoutS),
    deadLetterQueue: {
      queue: new sqs.Queue(scope, 'GenerateDeadLetterQueue', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      }),
      maxReceiveCount: GENERATE_QUEUE_RECEIVES,
    },
  });
}

/** Props of {@link FamilyGenerateStateMachine}. */
export interface FamilyGenerateStateMachineProps {
  /** The Lambda of each GENERATE_STEPS state; imported ARNs work (the local ASL). */
  readonly steps: Readonly<Record<GenerateStepState, IFunction>>;
  readonly markFailed: IFunction;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy?: RemovalPolicy;
}

/**
 * The Generate state machine: Build -> Render (workers.ts GENERATE_STEPS), JSONPath Lambda
 * tasks passing `{ job_id }` on; transient Lambda errors retried with backoff; any other error
 * goes to MarkFailed (input plus `$.error` = `{ Error, Cause }`), then the `GenerateFailed`
 * Fail state. Standard type, 30 minutes at most.
 */
export class FamilyGenerateStateMachine extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: FamilyGenerateStateMachineProps) {
    super(scope, id);
    const failed = markFailedChain(this, {
      state: GENERATE_FAILURE_STEP.state,
      markFailed: props.markFailed,
      failState: 'GenerateFailed',
      cause: 'A generate step failed; MarkFailed recorded the error on the job',
    });
    const chain = catchingTaskChain(
      this,
      GENERATE_STEPS.map((step) => ({ state: step.state, fn: props.steps[step.state] })),
      failed,
    );
    this.stateMachine = jobStateMachine(this, {
      comment: 'AnalyticOwl generated report: build the family document, render the PDF',
      definition: chain,
      timeout: Duration.seconds(GENERATE_MACHINE_TIMEOUT_S),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
  }
}

/** What {@link familyGenerate} builds in the pipeline stack. */
export interface FamilyGenerateResources {
  stateMachine: sfn.StateMachine;
  consumer: ApiFunction;
  steps: ApiFunction[];
}

/**
 * The generated families' pipeline in the pipeline stack: Build (companies table read/write,
 * the reports bucket, the lake through Athena), Render (companies table, the reports bucket;
 * prints with the Lambda Chromium), MarkFailed (companies table), the state machine, and the
 * GenerateQueue consumer that starts one execution per message (batch 5, partial failures).
 * `worker` makes an ApiFunction from a workers.ts definition.
 */
export function familyGenerate(
  scope: Construct,
  props: {
    data: DataResources;
    logRetention: RetentionDays;
    worker: (
      id: string,
      def: { handler: string; timeoutS: number; memoryMb: number },
    ) => ApiFunction;
  },
): FamilyGenerateResources {
  const { data, worker } = props;
  const build = worker('GenerateBuildStepFunction', GENERATE_STEPS[0])
    .bindTable(data.companiesTable, 'readwrite')
    .bindBucket(data.reportsBucket, ENV.reportsBucket, 'readwrite')
    .bindAthena(data.lakeQuery);
  // Render prints with @sparticuz/chromium as print_report does (x64 binaries installed beside
  // the bundle, PDF_RENDERER=lambda; lib/stacks/api-routes.stack.ts ROUTE_RUNTIMES).
  const render = new ApiFunction(scope, 'GenerateRenderStepFunction', {
    entry: GENERATE_STEPS[1].handler,
    timeoutS: GENERATE_STEPS[1].timeoutS,
    memoryMb: GENERATE_STEPS[1].memoryMb,
    logRetention: props.logRetention,
    nodeModules: ['@sparticuz/chromium', 'playwright-core'],
    architecture: Architecture.X86_64,
    environment: { PDF_RENDERER: 'lambda' },
  })
    .bindTable(data.companiesTable, 'readwrite')
    .bindBucket(data.reportsBucket, ENV.reportsBucket, 'readwrite');
  const markFailed = worker('GenerateMarkFailedStepFunction', GENERATE_FAILURE_STEP).bindTable(
    data.companiesTable,
    'readwrite',
  );
  const machine = new FamilyGenerateStateMachine(scope, 'GenerateStateMachine', {
    steps: { Build: build, Render: render },
    markFailed,
    logRetention: props.logRetention,
  });
  const consumer = worker(
    `${GENERATE_QUEUE_WORKER.id}Function`,
    GENERATE_QUEUE_WORKER,
  ).bindStateMachine(machine.stateMachine, 'start', ENV.generateStateMachineArn);
  consumer.addEventSource(
    new SqsEventSource(data.generateQueue, { batchSize: 5, reportBatchItemFailures: true }),
  );
  return { stateMachine: machine.stateMachine, consumer, steps: [build, render, markFailed] };
}
