import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { schedulerExpression } from '../core/periods';
import type { ScheduleTriggers } from '../core/ports';

/** Where the triggers live and what they send to. */
export interface SchedulerTarget {
  /** The schedule group (SCHEDULE_GROUP). */
  group: string;
  /** The DeliveryQueue's ARN (DELIVERY_QUEUE_ARN). */
  queueArn: string;
  /** The role EventBridge Scheduler assumes to send to the queue (SCHEDULER_ROLE_ARN). */
  roleArn: string;
}

/** The EventBridge Scheduler schedule's name of a scheduled delivery (1-64 of [0-9A-Za-z-_.]). */
export const triggerName = (scheduleId: string) => `delivery-${scheduleId}`.slice(0, 64);

/**
 * ScheduleTriggers on EventBridge Scheduler: one schedule per scheduled delivery in the group,
 * a cron expression from the cadence evaluated in the schedule's own time zone
 * (ScheduleExpressionTimezone, so DST moves with the zone), no flexible window, DISABLED while
 * paused. The target is the DeliveryQueue with the message `{ schedule_id, client_uid,
 * occurrence_at }`, occurrence_at being the Scheduler's `<aws.scheduler.scheduled-time>`.
 */
export class EventBridgeTriggers implements ScheduleTriggers {
  constructor(
    private readonly client: Pick<SchedulerClient, 'send'>,
    private readonly target: SchedulerTarget,
  ) {}

  /** The CreateSchedule / UpdateSchedule input of a schedule (both replace every field). */
  input(schedule: Schedule): CreateScheduleCommandInput {
    return {
      Name: triggerName(schedule.schedule_id),
      GroupName: this.target.group,
      ScheduleExpression: schedulerExpression(schedule.cadence, schedule.local_time),
      ScheduleExpressionTimezone: schedule.time_zone,
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: schedule.paused || schedule.recipients.length === 0 ? 'DISABLED' : 'ENABLED',
      Description: `Scheduled delivery ${schedule.schedule_id} of client ${schedule.client_uid}`,
      Target: {
        Arn: this.target.queueArn,
        RoleArn: this.target.roleArn,
        Input: JSON.stringify({
          schedule_id: schedule.schedule_id,
          client_uid: schedule.client_uid,
          occurrence_at: '<aws.scheduler.scheduled-time>',
        }),
        // The queue is in the same account; a failed send is retried by the Scheduler.
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
      },
    };
  }

  async put(schedule: Schedule): Promise<void> {
    const input = this.input(schedule);
    try {
      await this.client.send(new UpdateScheduleCommand(input));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      try {
        await this.client.send(new CreateScheduleCommand(input));
      } catch (again) {
        // Created meanwhile by a racing put: write ours over it.
        if (!(again instanceof ConflictException)) throw again;
        await this.client.send(new UpdateScheduleCommand(input));
      }
    }
  }

  async remove(scheduleId: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteScheduleCommand({ Name: triggerName(scheduleId), GroupName: this.target.group }),
      );
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
}
