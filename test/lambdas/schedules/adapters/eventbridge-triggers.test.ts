import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { describe, expect, test } from 'vitest';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { EventBridgeTriggers } from '../../../../lambdas/schedules/adapters/eventbridge-triggers';
import { storedSchedule } from '../schedule-fakes';

const TARGET = {
  group: 'analyticowl-deliveries',
  queueArn: 'arn:aws:sqs:us-east-1:123456789012:delivery',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
};

const schedule = (over: Partial<Schedule> = {}): Schedule =>
  storedSchedule({
    schedule_id: '0b7c3c1e-5f1e-4a43-9b2a-2f0f5b8f6d11',
    cadence: { every: 'monthly', day: 2 },
    local_time: '06:45',
    time_zone: 'Australia/Sydney',
    range: 'last_month',
    ...over,
  });

const notFound = () =>
  new ResourceNotFoundException({
    message: 'no such schedule',
    Message: 'no such schedule',
    $metadata: {},
  });

/** A Scheduler client that records commands; `fail` decides which ones throw. */
function recorder(fail: (command: object, n: number) => Error | null = () => null) {
  const sent: object[] = [];
  return {
    sent,
    client: {
      send: async (command: object) => {
        sent.push(command);
        const error = fail(command, sent.length);
        if (error) throw error;
        return {};
      },
    } as never,
  };
}

describe('EventBridge Scheduler triggers', () => {
  test("a new schedule is created in the group, in the schedule's own zone, sending the occurrence to the DeliveryQueue", async () => {
    const { sent, client } = recorder((c) =>
      c instanceof UpdateScheduleCommand ? notFound() : null,
    );

    await new EventBridgeTriggers(client, TARGET).put(schedule());

    const create = sent[1] as CreateScheduleCommand;
    expect(create).toBeInstanceOf(CreateScheduleCommand);
    expect(create.input).toMatchObject({
      Name: 'delivery-0b7c3c1e-5f1e-4a43-9b2a-2f0f5b8f6d11',
      GroupName: TARGET.group,
      ScheduleExpression: 'cron(45 6 2 * ? *)',
      ScheduleExpressionTimezone: 'Australia/Sydney',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: { Arn: TARGET.queueArn, RoleArn: TARGET.roleArn },
    });
    expect(JSON.parse(create.input.Target?.Input ?? '{}')).toEqual({
      schedule_id: '0b7c3c1e-5f1e-4a43-9b2a-2f0f5b8f6d11',
      client_uid: 'client-a',
      occurrence_at: '<aws.scheduler.scheduled-time>',
    });
  });

  test('a paused schedule, or one without recipients, is kept but disabled', async () => {
    const { sent, client } = recorder();
    const triggers = new EventBridgeTriggers(client, TARGET);

    await triggers.put(schedule({ paused: true }));
    await triggers.put(schedule({ recipients: [] }));

    expect(sent.map((c) => (c as UpdateScheduleCommand).input.State)).toEqual([
      'DISABLED',
      'DISABLED',
    ]);
  });

  test('removing a schedule that is already gone is not an error', async () => {
    const { sent, client } = recorder(() => notFound());

    await new EventBridgeTriggers(client, TARGET).remove('gone');

    expect(sent[0]).toBeInstanceOf(DeleteScheduleCommand);
  });

  test('other Scheduler errors reach the caller (the route keeps nothing half-applied)', async () => {
    const { client } = recorder(() => new Error('throttled'));

    await expect(new EventBridgeTriggers(client, TARGET).put(schedule())).rejects.toThrow(
      'throttled',
    );
  });
});
