import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';

/** A report step's state name (`Extract`, `Attribute`, ...). */
export type ReportStepState = (typeof REPORT_STEPS)[number]['state'];

/** Transient Lambda-service errors worth retrying (not errors thrown by our handlers). */
export const RETRYABLE_LAMBDA_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

/** Props of {@link ReportStateMachine}. */
export interface ReportStateMachineProps {
  /** The Lambda of each REPORT_STEPS state; imported ARNs work (see lib/report-asl.ts). */
  readonly steps: Readonly<Record<ReportStepState, IFunction>>;
  /** The MarkFailed Lambda. */
  readonly markFailed: IFunction;
  /** Retention of the execution log group. */
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy?: RemovalPolicy;
}

/**
 * The report pipeline (workers.ts REPORT_STEPS, in order): one JSONPath Lambda task per step named
 * by its `state`, each passing a ReportStepPayload on (payloadResponseOnly: the task's input is
 * the Lambda's event and its output the Lambda's return value). Every task retries transient
 * Lambda errors with backoff; any other error goes to MarkFailed (input plus `$.error` =
 * `{ Error, Cause }`), then to the `ReportFailed` Fail state.
 */
export class ReportStateMachine extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: ReportStateMachineProps) {
    super(scope, id);

    const task = (state: string, fn: IFunction) =>
      new LambdaInvoke(this, state, {
        lambdaFunction: fn,
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
      }).addRetry({
        errors: RETRYABLE_LAMBDA_ERRORS,
        interval: Duration.seconds(2),
        maxAttempts: 4,
        backoffRate: 2,
        jitterStrategy: sfn.JitterType.FULL,
      });

    const failed = task(REPORT_FAILURE_STEP.state, props.markFailed).next(
      new sfn.Fail(this, 'ReportFailed', {
        error: 'ReportFailed',
        cause: 'A report step failed; MarkFailed recorded the error on the job',
      }),
    );

    const [first, ...rest] = REPORT_STEPS.map((step) =>
      task(step.state, props.steps[step.state]).addCatch(failed, {
        errors: ['States.ALL'],
        resultPath: '$.error',
      }),
    );
    if (!first) throw new Error('REPORT_STEPS is empty');
    let chain: sfn.Chain = sfn.Chain.start(first);
    for (const next of rest) chain = chain.next(next);

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      comment: 'AnalyticOwl report: extract airings and visits, attribute, aggregate, store',
      definitionBody: sfn.DefinitionBody.fromChainable(chain),
      stateMachineType: sfn.StateMachineType.STANDARD,
      queryLanguage: sfn.QueryLanguage.JSON_PATH,
      timeout: Duration.hours(1),
      tracingEnabled: true,
      logs: {
        destination: new LogGroup(this, 'Logs', {
          retention: props.logRetention,
          removalPolicy: props.logRemovalPolicy,
        }),
        level: sfn.LogLevel.ALL,
        includeExecutionData: false,
      },
    });
  }
}
