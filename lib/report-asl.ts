import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';
import {
  ReportStateMachine,
  type ReportStepState,
} from './constructs/report-state-machine.construct';

const LOCAL_REGION = 'local';
const LOCAL_ACCOUNT = '000000000000';

/** Placeholder Lambda ARN a local Task points at: `arn:aws:lambda:local:000000000000:function:<state>`. */
export function localTaskArn(state: string): string {
  return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${state}`;
}

const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

/**
 * Evaluates the CloudFormation intrinsics left in a resolved definition (Fn::Join, Ref of pseudo
 * parameters, Fn::GetAtt) into plain strings; GetAtt becomes a placeholder Lambda ARN.
 * @throws Error on a Ref that is not a pseudo parameter (the definition referenced a resource).
 */
export function evaluate(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(evaluate);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const join = record['Fn::Join'];
    if (Array.isArray(join)) {
      const [separator, parts] = join as [string, unknown[]];
      return parts.map((part) => String(evaluate(part))).join(separator);
    }
    const ref = record.Ref;
    if (typeof ref === 'string') {
      const value = PSEUDO_PARAMETERS[ref];
      if (value === undefined) throw new Error(`Unresolvable Ref in report ASL: ${ref}`);
      return value;
    }
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return localTaskArn(String(getAtt[0]));
  }
  return Object.fromEntries(keys.map((k) => [k, evaluate(record[k])]));
}

/**
 * The report state machine's Amazon States Language, exactly as CDK synthesizes it for AWS
 * (lib/constructs/report-state-machine.construct.ts), with every Task pointing at
 * {@link localTaskArn}(state). The local stack runs it in aws-local-stepfunctions and overrides
 * each Task by state name (Extract, Attribute, Aggregate, Store, MarkFailed).
 * Built in a throwaway in-memory App from imported function ARNs: no bundling, Docker or network.
 * @returns the ASL object and its top-level state names (Tasks plus the `ReportFailed` Fail state).
 */
export function reportStateMachineAsl(): {
  definition: Record<string, unknown>;
  stateNames: string[];
} {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'ReportAsl', {
    env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION },
  });
  const fn = (state: string) => LambdaFunction.fromFunctionArn(stack, state, localTaskArn(state));
  const steps = Object.fromEntries(REPORT_STEPS.map((s) => [s.state, fn(s.state)])) as Record<
    ReportStepState,
    ReturnType<typeof fn>
  >;
  const machine = new ReportStateMachine(stack, 'Report', {
    steps,
    markFailed: fn(REPORT_FAILURE_STEP.state),
    logRetention: RetentionDays.ONE_DAY,
  });
  const cfn = machine.stateMachine.node.defaultChild as CfnStateMachine;
  const resolved = evaluate(stack.resolve(cfn.definitionString));
  const definition = (typeof resolved === 'string' ? JSON.parse(resolved) : resolved) as Record<
    string,
    unknown
  >;
  const states = (definition.States ?? {}) as Record<string, unknown>;
  return { definition, stateNames: Object.keys(states) };
}
