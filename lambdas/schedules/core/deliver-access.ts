import type { Caller } from '#shared/auth/caller';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { AppError, NotFound } from '#shared/errors';
import { DeliveryRefused, type OwnerAccess } from './deliver-ports';
import type { ScheduleDeps } from './ports';
import { schedulingClient } from './schedules';

/**
 * The schedule's owner as the routes see a signed-in user. Never staff: a delivery runs with
 * what the owner may see as a customer, whatever groups the owner has.
 */
export function ownerCaller(schedule: Pick<Schedule, 'owner_user_id' | 'owner_email'>): Caller {
  return {
    userId: schedule.owner_user_id,
    email: schedule.owner_email,
    emailVerified: true,
    staff: false,
    agent: false,
  };
}

/** Said when the owner can no longer see the client (a removed share, a client moved away). */
export const OWNER_LOST_CLIENT = 'The schedule’s owner can no longer open this client.';

/**
 * OwnerAccess by the rule that let the owner create the schedule (schedules.ts
 * schedulingClient): the `schedule` permission on the client and the Schedule feature, checked
 * again at every delivery, so a removed share or a lapsed plan stops the e-mails.
 */
export function ownerAccess(deps: Pick<ScheduleDeps, 'companies' | 'features'>): OwnerAccess {
  return {
    async check(schedule) {
      try {
        await schedulingClient(deps, ownerCaller(schedule), schedule.client_uid);
      } catch (error) {
        if (error instanceof NotFound) throw new DeliveryRefused(OWNER_LOST_CLIENT);
        if (error instanceof AppError) throw new DeliveryRefused(error.message);
        throw error;
      }
    },
  };
}
