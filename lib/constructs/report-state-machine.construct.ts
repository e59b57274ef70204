import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';
import { catchingTaskChain, jobStateMachine, markFailedChain } from './job-state-machine';

/** A report step's state name (`Extract`, `Attribute`, ...). */
export type ReportStepState = (typeof REPORT_STEPS)[number]['state'];

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

    const failed = markFailedChain(this, {
      state: REPORT_FAILURE_STEP.state,
      markFailed: props.markFailed,
      failState: 'ReportFailed',
      cause: 'A report step failed; MarkFailed recorded the error on the job',
    });
    const chain = catchingTaskChain(
      this,
      REPORT_STEPS.map((step) => ({ state: step.state, fn: props.steps[step.state] })),
      failed,
    );
    this.stateMachine = jobStateMachine(this, {
      comment: 'AnalyticOwl report: extract airings and visits, attribute, aggregate, store',
      definition: chain,
      timeout: Duration.hours(1),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
  }
}
