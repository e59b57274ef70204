import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { GENERATE_FAILURE_STEP, GENERATE_STEPS } from '#shared/workers';
import { evaluate, localTaskArn } from '../report-asl';
import { FamilyGenerateStateMachine } from './family-generate.construct';

/**
 * The Generate state machine's Amazon States Language exactly as CDK synthesizes it
 * (FamilyGenerateStateMachine), every Task pointing at localTaskArn(state): the local stack runs
 * it in aws-local-stepfunctions and overrides each Task by state name (Build, Render,
 * MarkFailed), as it does the report machine (lib/report-asl.ts).
 */
export function generateStateMachineAsl(): Record<string, unknown> {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'GenerateAsl', {
    env: { account: '000000000000', region: 'local' },
  });
  const fn = (state: string) => LambdaFunction.fromFunctionArn(stack, state, localTaskArn(state));
  const machine = new FamilyGenerateStateMachine(stack, 'Generate', {
    steps: { Build: fn(GENERATE_STEPS[0].state), Render: fn(GENERATE_STEPS[1].state) },
    markFailed: fn(GENERATE_FAILURE_STEP.state),
    logRetention: RetentionDays.ONE_DAY,
  });
  const cfn = machine.stateMachine.node.defaultChild as CfnStateMachine;
  const resolved = evaluate(stack.resolve(cfn.definitionString));
  return (typeof resolved === 'string' ? JSON.parse(resolved) : resolved) as Record<
    string,
    unknown
  >;
}
