import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFunction } from '../../../lib/constructs/api-function.construct';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { buildStage, constructId, resourcesOf } from '../cdk-fixture';

// Operations: every Lambda the project builds, both dead-letter queues, the report state machine
// and the HTTP API are watched by CloudWatch alarms, each alarm notifies the stage's alarm topic,
// and one dashboard shows them all.

interface AlarmProps {
  AlarmActions?: unknown[];
  MetricName?: string;
  Namespace?: string;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
  ExtendedStatistic?: string;
  Threshold?: number;
  ComparisonOperator?: string;
  Metrics?: Array<{
    Expression?: string;
    MetricStat?: {
      Metric: { MetricName: string; Namespace: string; Dimensions?: Array<{ Value: unknown }> };
    };
  }>;
}

let stacks: AppStacks;
/** Every stack of the stage, nested stacks (the API's route stacks) included, with its template. */
let templates: Array<{ stack: Stack; template: Template }>;
/** Every alarm of the stage, with the stack it lives in. */
let alarms: Array<{ stack: Stack; props: AlarmProps }>;

beforeAll(() => {
  stacks = buildStage({ alarmEmail: 'ops@example.com' });
  templates = stacks.data.node.root.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => ({ stack, template: Template.fromStack(stack) }));
  alarms = templates.flatMap(({ stack, template }) =>
    Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((r) => ({
      stack,
      props: r.Properties as AlarmProps,
    })),
  );
});

/** The functions whose resources live in `stack` itself (not in a stack nested in it). */
const functionsOf = (stack: Stack) =>
  stack.node.findAll().filter((c) => c instanceof ApiFunction && Stack.of(c) === stack);

/** The API stack and the route stacks nested in it. */
const isApi = (stack: Stack) => stack === stacks.api || stack.nestedStackParent === stacks.api;

/** The single-metric or metric-math metrics an alarm watches: name and dimension values. */
function watched(props: AlarmProps): Array<{ name: string; namespace: string; dims: string }> {
  if (props.MetricName)
    return [
      {
        name: props.MetricName,
        namespace: String(props.Namespace),
        dims: JSON.stringify(props.Dimensions ?? []),
      },
    ];
  return (props.Metrics ?? [])
    .filter((m) => m.MetricStat)
    .map((m) => ({
      name: m.MetricStat?.Metric.MetricName ?? '',
      namespace: m.MetricStat?.Metric.Namespace ?? '',
      dims: JSON.stringify(m.MetricStat?.Metric.Dimensions ?? []),
    }));
}

describe('alarm topic', () => {
  it('is the SNS topic the stage config names, with the stage e-mail subscribed', () => {
    const data = Template.fromStack(stacks.data);
    data.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'analyticowl-dev-alarms' });
    data.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('is what every alarm of every stack notifies', () => {
    const topicId = Object.keys(
      Template.fromStack(stacks.data).findResources('AWS::SNS::Topic'),
    )[0] as string;
    expect(alarms.length).toBeGreaterThan(10);
    for (const { stack, props } of alarms) {
      expect(
        props.AlarmActions,
        `${stack.stackName} alarm ${watched(props)[0]?.name}`,
      ).toHaveLength(1);
      expect(JSON.stringify(props.AlarmActions)).toContain(topicId);
    }
  });
});

describe('Lambda alarms', () => {
  it('watch every function the project builds for errors and for throttles', () => {
    const unwatched: string[] = [];
    expect(templates.filter(({ stack }) => functionsOf(stack).length > 0).length).toBeGreaterThan(
      3,
    );
    for (const { stack } of templates) {
      const functions = functionsOf(stack);
      const stackAlarms = alarms.filter((a) => a.stack === stack).flatMap((a) => watched(a.props));
      for (const fn of functions) {
        const id = constructId(fn, stack);
        for (const metric of ['Errors', 'Throttles']) {
          const covered = stackAlarms.some(
            (m) => m.namespace === 'AWS/Lambda' && m.name === metric && m.dims.includes(`"${id}"`),
          );
          if (!covered) unwatched.push(`${stack.stackName}/${id} ${metric}`);
        }
      }
    }

    expect(unwatched).toEqual([]);
  });

  it('group functions (API routes by context, workers, report steps) within the 10 metrics an alarm may sum', () => {
    const lambdaAlarms = alarms.filter((a) =>
      watched(a.props).some((m) => m.namespace === 'AWS/Lambda'),
    );
    for (const { props } of lambdaAlarms) {
      expect(watched(props).length).toBeLessThanOrEqual(10);
    }
    // Each function sits in exactly one group: one errors alarm per function, not one per route.
    const apiFunctions = stacks.api.node.findAll().filter((c) => c instanceof ApiFunction).length;
    expect(apiFunctions).toBe(stacks.api.functions.size);
    const apiErrorAlarms = lambdaAlarms.filter(
      (a) => isApi(a.stack) && watched(a.props)[0]?.name === 'Errors',
    );
    expect(apiErrorAlarms.length).toBeLessThan(apiFunctions / 2);
    expect(apiErrorAlarms.flatMap((a) => watched(a.props))).toHaveLength(apiFunctions);
  });
});

describe('queue, pipeline and API alarms', () => {
  it('fire when any dead-letter queue (reports, CRM hand-off, GA4 pulls, deliveries, generated reports) holds a message', () => {
    const data = stacks.data;
    const dlqIds = Object.entries(Template.fromStack(data).findResources('AWS::SQS::Queue'))
      .map(([, q]) => q.Properties.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0])
      .filter(Boolean) as string[];
    expect(dlqIds).toHaveLength(5);

    for (const dlq of dlqIds) {
      const alarm = alarms.find(
        (a) =>
          a.stack === data &&
          a.props.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(a.props.Dimensions).includes(dlq),
      );
      expect(alarm?.props, dlq).toMatchObject({
        Namespace: 'AWS/SQS',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it('fire when a report execution fails', () => {
    const machineId = constructId(stacks.pipeline.stateMachine, stacks.pipeline);
    const failed = alarms.find(
      (a) =>
        a.props.MetricName === 'ExecutionsFailed' &&
        JSON.stringify(a.props.Dimensions).includes(machineId),
    );
    expect(failed?.props).toMatchObject({ Namespace: 'AWS/States', Threshold: 1 });
  });

  it('fire on the API 5xx rate and on its p99 latency', () => {
    const apiId = constructId(stacks.api.httpApi, stacks.api);
    const apiAlarms = alarms.filter((a) => a.stack === stacks.api).map((a) => a.props);

    const rate = apiAlarms.find((p) => watched(p).some((m) => m.name === '5xx'));
    expect(rate?.Metrics?.find((m) => m.Expression)?.Expression).toMatch(/5xx|errors/i);
    expect(
      watched(rate ?? {})
        .map((m) => m.name)
        .sort(),
    ).toEqual(['5xx', 'Count']);
    expect(JSON.stringify(rate?.Metrics)).toContain(apiId);

    const latency = apiAlarms.find((p) => p.MetricName === 'Latency');
    expect(latency).toMatchObject({ Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p99' });
    expect(JSON.stringify(latency?.Dimensions)).toContain(apiId);
  });
});

describe('dashboard', () => {
  it('is one dashboard for the stage that shows every alarm', () => {
    const dashboards = templates.flatMap(({ template }) =>
      Object.values(template.findResources('AWS::CloudWatch::Dashboard')),
    );
    expect(dashboards).toHaveLength(1);

    const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);
    const names = templates.flatMap(({ template }) =>
      Object.values(resourcesOf(template))
        .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
        .map((r) => String(r.Properties?.AlarmName)),
    );
    expect(names.length).toBe(alarms.length);
    for (const name of names) expect(body, name).toContain(`:alarm:${name}`);
  });
});

describe('tracing', () => {
  it('is active on every function the project builds', () => {
    for (const { stack, template } of templates) {
      for (const fn of functionsOf(stack)) {
        const props = resourcesOf(template)[constructId(fn, stack)]?.Properties;
        expect(props?.TracingConfig, `${stack.stackName}/${fn.node.id}`).toEqual({
          Mode: 'Active',
        });
      }
    }
  });
});
