import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { AlarmSettings } from '../config/stage-config';

/** CloudWatch refuses a metric-math alarm over more than 10 metrics (a hard limit). */
export const MAX_METRICS_PER_ALARM = 10;

/** Every alarm looks at 5-minute periods. */
const PERIOD = Duration.minutes(5);

/** Props of {@link Alarms}. */
export interface AlarmsProps {
  /** The stage's alarm topic (DataResources.alarmTopic): every alarm notifies it. */
  readonly topic: ITopic;
}

/** `call-centre` -> `CallCentre`: the construct-id stem of a group's alarms. */
const stem = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The alarm-name prefix of a scope: its stack's name, or, inside a nested stack (whose own name
 * is only known at deploy time), the top-level stack's name followed by the nested stacks'
 * construct ids, e.g. `AnalyticOwl-dev-Api-AccountsRoutes`. A plain string, unique per stack.
 */
function alarmNamePrefix(scope: Construct): string {
  const nested: string[] = [];
  let stack = Stack.of(scope);
  for (let parent = stack.nestedStackParent; parent; parent = stack.nestedStackParent) {
    nested.unshift(stack.node.id);
    stack = parent;
  }
  return [stack.stackName, ...nested].join('-');
}

/**
 * A stack's operations alarms, each notifying the stage's alarm topic and named
 * `<stack name>-<id>` ({@link alarmNamePrefix} in a nested stack), so the dashboard can show
 * them without cross-stack references. Missing data is never an alarm: a quiet stage stays OK.
 */
export class Alarms extends Construct {
  /** The alarms made so far, in creation order. */
  readonly all: cloudwatch.Alarm[] = [];
  /**
   * Their names as plain strings (`alarm.alarmName` is a reference, which would tie the
   * dashboard's stack to this one's exports).
   */
  readonly names: string[] = [];
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.action = new SnsAction(props.topic);
  }

  /** One alarm notifying the topic. */
  private alarm(id: string, props: Omit<cloudwatch.AlarmProps, 'alarmName'>): cloudwatch.Alarm {
    const alarmName = `${alarmNamePrefix(this)}-${id}`;
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    alarm.addAlarmAction(this.action);
    this.all.push(alarm);
    this.names.push(alarmName);
    return alarm;
  }

  /**
   * Errors and throttles of a group of functions (an API context, the workers, the report
   * steps): one alarm per kind summing the group, split in chunks of
   * {@link MAX_METRICS_PER_ALARM}; fires on any error (an invocation that failed or timed out:
   * routes answer their own errors, so this is a crash) or any throttle in 5 minutes.
   * @param group e.g. `api-accounts`, `workers`, `report-steps`.
   */
  functionGroup(group: string, functions: readonly IFunction[]): void {
    for (let start = 0; start < functions.length; start += MAX_METRICS_PER_ALARM) {
      const chunk = functions.slice(start, start + MAX_METRICS_PER_ALARM);
      const part =
        functions.length > MAX_METRICS_PER_ALARM ? `${start / MAX_METRICS_PER_ALARM + 1}` : '';
      for (const kind of ['Errors', 'Throttles'] as const) {
        const metric = (fn: IFunction) =>
          kind === 'Errors'
            ? fn.metricErrors({ period: PERIOD, statistic: 'Sum' })
            : fn.metricThrottles({ period: PERIOD, statistic: 'Sum' });
        this.alarm(`${stem(group)}${kind}${part}`, {
          alarmDescription: `A Lambda of ${group} ${kind === 'Errors' ? 'failed (crash, timeout or out of memory)' : 'was throttled'}`,
          metric: new cloudwatch.MathExpression({
            expression: `SUM([${chunk.map((_, i) => `m${i}`).join(',')}])`,
            usingMetrics: Object.fromEntries(chunk.map((fn, i) => [`m${i}`, metric(fn)])),
            period: PERIOD,
            label: `${group} ${kind.toLowerCase()}`,
          }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        });
      }
    }
  }

  /** Fires as soon as a dead-letter queue holds a message (work that failed every retry). */
  deadLetterQueue(id: string, queue: IQueue): void {
    this.alarm(`${id}NotEmpty`, {
      alarmDescription: `${id} holds messages that failed every retry`,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  /** Fires on any failed or timed-out execution of the state machine in 5 minutes. */
  stateMachine(id: string, machine: IStateMachine): void {
    for (const [kind, metric] of [
      ['ExecutionsFailed', machine.metricFailed({ period: PERIOD, statistic: 'Sum' })],
      ['ExecutionsTimedOut', machine.metricTimedOut({ period: PERIOD, statistic: 'Sum' })],
    ] as const) {
      this.alarm(`${id}${kind}`, {
        alarmDescription: `${id}: ${kind}`,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }
  }

  /**
   * The HTTP API as its callers see it: the share of 5xx answers above `api5xxPercent` and the
   * p99 latency above `apiP99LatencyMs`, each in 2 of 3 consecutive 5-minute periods (one slow
   * PDF or one crash in a quiet stage is not an incident; a sustained one is).
   */
  httpApi(api: IHttpApi, settings: AlarmSettings): void {
    this.alarm('Api5xxRate', {
      alarmDescription: `More than ${settings.api5xxPercent}% of API requests answered 5xx`,
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
          requests: api.metricCount({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
        label: 'API 5xx %',
      }),
      threshold: settings.api5xxPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    this.alarm('ApiLatencyP99', {
      alarmDescription: `API p99 latency above ${settings.apiP99LatencyMs} ms`,
      metric: api.metricLatency({ period: PERIOD, statistic: 'p99' }),
      threshold: settings.apiP99LatencyMs,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }
}
