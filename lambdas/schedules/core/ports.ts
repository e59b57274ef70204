import type { AvailableProducts } from '#shared/billing/available-products';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';

/**
 * Ports of the scheduled-deliveries context (lambdas/schedules/): the stored schedules and their
 * delivery history (CompaniesTable), the triggers that fire them (EventBridge Scheduler in AWS,
 * croner locally) and what the permission check reads.
 */

/**
 * The client's schedules. Items on the CompaniesTable under the client's partition
 * (`pk CLIENT#<client_uid>`, `sk SCHEDULE#<schedule_id>`).
 */
export interface SchedulesStore {
  /** The client's schedules, oldest first (created_at, then id). */
  listSchedules(clientUid: string): Promise<Schedule[]>;
  /** One schedule of the client; null when it does not exist (or is another client's). */
  getSchedule(clientUid: string, scheduleId: string): Promise<Schedule | null>;
  /** Creates or replaces a schedule (keyed by its client_uid and schedule_id). */
  putSchedule(schedule: Schedule): Promise<void>;
  /**
   * Deletes a schedule and its delivery history.
   * @returns false when there was no such schedule.
   */
  deleteSchedule(clientUid: string, scheduleId: string): Promise<boolean>;
  /**
   * Removes one recipient (lower-cased e-mail) from a schedule; the last one leaves the schedule
   * paused with no recipients. `updatedAt` UTC ISO.
   * @returns 'removed', 'absent' (not a recipient: nothing to do) or 'gone' (no such schedule).
   */
  removeRecipient(
    clientUid: string,
    scheduleId: string,
    email: string,
    updatedAt: string,
  ): Promise<'removed' | 'absent' | 'gone'>;
  /**
   * Every schedule of every client (paused ones too). Only the local stack reads it, to arm its
   * timers at start; in AWS EventBridge Scheduler keeps the triggers.
   */
  listAllSchedules(): Promise<Schedule[]>;
}

/** What a claim found: the delivery is now ours, or one already exists for the period. */
export type DeliveryClaim = { claimed: true } | { claimed: false; existing: Delivery };

/**
 * The delivery history of a schedule: one item per period (`sk
 * SCHEDULE#<schedule_id>#DELIVERY#<period_key>`), the idempotency key of a delivery.
 */
export interface DeliveriesStore {
  /**
   * Writes the delivery only when none exists for its schedule and period (conditional put
   * `attribute_not_exists`), so a duplicated trigger cannot claim the period twice.
   */
  claimDelivery(clientUid: string, delivery: Delivery): Promise<DeliveryClaim>;
  /** One delivery; null when none was claimed for the period. */
  getDelivery(clientUid: string, scheduleId: string, periodKey: string): Promise<Delivery | null>;
  /**
   * Replaces a delivery. With `expected`, only when the stored one still has that status and
   * attempt count (two consumers of a retried message cannot both proceed).
   * @returns false when `expected` did not match (nothing written).
   */
  saveDelivery(
    clientUid: string,
    delivery: Delivery,
    expected?: Pick<Delivery, 'status' | 'attempts'>,
  ): Promise<boolean>;
  /** A schedule's deliveries, newest period first, at most `limit` (default 100). */
  listDeliveries(clientUid: string, scheduleId: string, limit?: number): Promise<Delivery[]>;
}

/**
 * What fires a schedule at its occurrences: one trigger per schedule, in the schedule's time
 * zone, sending `{ schedule_id, client_uid, occurrence_at }` to the DeliveryQueue.
 */
export interface ScheduleTriggers {
  /** Creates or replaces the schedule's trigger (a paused schedule's trigger does not fire). */
  put(schedule: Schedule): Promise<void>;
  /** Removes the schedule's trigger; nothing when there is none. */
  remove(scheduleId: string): Promise<void>;
}

/** The caller's available_products flags (billing entitlements; `pro_schedule` opens schedules). */
export interface ScheduleFeatures {
  availableProducts(userId: string): Promise<AvailableProducts>;
}

/** The client's campaigns (the campaigns context's CampaignStore fits): a family per campaign. */
export interface ScheduleCampaigns {
  /** The campaign, or null when the client has no such campaign. */
  get(clientUid: string, campaignUid: string): Promise<object | null>;
}

/** What the schedule routes run with. */
export interface ScheduleDeps {
  companies: CompaniesRepository;
  campaigns: ScheduleCampaigns;
  schedules: SchedulesStore;
  deliveries: DeliveriesStore;
  triggers: ScheduleTriggers;
  features: ScheduleFeatures;
  now: () => Date;
  newId: () => string;
}
