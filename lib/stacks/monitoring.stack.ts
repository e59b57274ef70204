import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  METRICS_NAMESPACE,
  ROUTE_METRICS,
  SERVICE_NAME,
  WORKER_METRICS,
} from '#shared/metric-names';
import type { StageConfig } from '../config/stage-config';

/** Props of {@link MonitoringStack}. */
export interface MonitoringStackProps extends StackProps {
  readonly config: StageConfig;
  /** Names of every alarm of the stage (`Alarms.all` of each stack). */
  readonly alarmNames: readonly string[];
  readonly httpApi: IHttpApi;
  readonly stateMachine: IStateMachine;
  /** Dead-letter queues by their label on the dashboard. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
}

const PERIOD = Duration.minutes(5);

/** A CloudWatch SEARCH over the Lambdas' own metrics: one line per route or worker. */
const search = (dimension: string, metricName: string, label: string) =>
  new cloudwatch.MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},${dimension},service} service="${SERVICE_NAME}" MetricName="${metricName}"', 'Sum', 300)`,
    usingMetrics: {},
    label,
    period: PERIOD,
  });

/**
 * The stage's one CloudWatch dashboard (`AnalyticOwl-<stage>`): every alarm's state, the API
 * (requests, 5xx, p50/p99 latency), each route's and worker's outcomes (Powertools metrics),
 * Lambda errors and throttles of the stage's functions, report executions and the dead-letter
 * queues. Alarms are referenced by name and Lambdas by search, so adding or removing a route
 * never ties this stack to the others' exports.
 */
export class MonitoringStack extends Stack {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, httpApi, stateMachine } = props;
    const stageFunctions = `AnalyticOwl-${config.stage}-`;
    const lambdaSearch = (metricName: string) =>
      new cloudwatch.MathExpression({
        expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" "${stageFunctions}"', 'Sum', 300)`,
        usingMetrics: {},
        label: metricName,
        period: PERIOD,
      });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `AnalyticOwl-${config.stage}`,
      defaultInterval: Duration.hours(3),
    });
    const alarms = props.alarmNames.map((name, i) =>
      cloudwatch.Alarm.fromAlarmName(this, `Alarm${i}`, name),
    );
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: 6 }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [
          httpApi.metricCount({ period: PERIOD, statistic: 'Sum', label: 'requests' }),
          httpApi.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' }),
          httpApi.metricServerError({ period: PERIOD, statistic: 'Sum', label: '5xx' }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: [
          httpApi.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }),
          httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
        ],
        leftAnnotations: [{ value: config.alarms.apiP99LatencyMs, label: 'p99 alarm' }],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Failed requests by route (5xx)',
        left: [search('route', ROUTE_METRICS.error, '')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Refused requests by route (4xx)',
        left: [search('route', ROUTE_METRICS.refused, '')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors by function',
        left: [lambdaSearch('Errors')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles by function',
        left: [lambdaSearch('Throttles')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Workers: failed invocations',
        left: [search('worker', WORKER_METRICS.error, '')],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Report executions',
        left: [
          stateMachine.metricStarted({ period: PERIOD, statistic: 'Sum', label: 'started' }),
          stateMachine.metricSucceeded({ period: PERIOD, statistic: 'Sum', label: 'succeeded' }),
          stateMachine.metricFailed({ period: PERIOD, statistic: 'Sum', label: 'failed' }),
          stateMachine.metricTimedOut({ period: PERIOD, statistic: 'Sum', label: 'timed out' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues (messages)',
        left: Object.entries(props.deadLetterQueues).map(([label, queue]) =>
          queue.metricApproximateNumberOfMessagesVisible({
            period: PERIOD,
            statistic: 'Maximum',
            label,
          }),
        ),
        width: 8,
      }),
    );
  }
}
