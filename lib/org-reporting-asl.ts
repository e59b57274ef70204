import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { ORG_REPORTING_FAILURE_STEP, ORG_REPORTING_STEPS } from '#shared/workers';
import { OrgReportingStateMachine } from './constructs/org-reporting-state-machine.construct';
import { evaluate, localTaskArn } from './report-asl';

/**
 * The organisation roll-up state machine's Amazon States Language exactly as CDK synthesizes it
 * (lib/constructs/org-reporting-state-machine.construct.ts), every Task pointing at
 * localTaskArn(state), for aws-local-stepfunctions (as lib/report-asl.ts for the report).
 * @returns the ASL and the handler module of each Task state.
 */
export function orgReportingAsl(): {
  definition: Record<string, unknown>;
  taskHandlers: Record<string, string>;
} {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'OrgReportingAsl', {
    env: { account: '000000000000', region: 'local' },
  });
  const fn = (state: string) => LambdaFunction.fromFunctionArn(stack, state, localTaskArn(state));
  const [list, client, zip] = ORG_REPORTING_STEPS;
  const machine = new OrgReportingStateMachine(stack, 'OrgReporting', {
    listClients: fn(list.state),
    clientReport: fn(client.state),
    zip: fn(zip.state),
    markFailed: fn(ORG_REPORTING_FAILURE_STEP.state),
    logRetention: RetentionDays.ONE_DAY,
  });
  const cfn = machine.stateMachine.node.defaultChild as CfnStateMachine;
  const resolved = evaluate(stack.resolve(cfn.definitionString));
  return {
    definition: (typeof resolved === 'string' ? JSON.parse(resolved) : resolved) as Record<
      string,
      unknown
    >,
    taskHandlers: Object.fromEntries(
      [...ORG_REPORTING_STEPS, ORG_REPORTING_FAILURE_STEP].map((s) => [s.state, s.handler]),
    ),
  };
}
