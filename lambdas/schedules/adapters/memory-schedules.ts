import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';
import type {
  DeliveriesStore,
  DeliveryClaim,
  SchedulesStore,
  ScheduleTriggers,
} from '../core/ports';

/**
 * In-memory SchedulesStore and DeliveriesStore with the DynamoDB adapter's rules (claims are
 * exclusive per schedule and period; deleting a schedule deletes its history), for unit and
 * handler tests. Values are copied in and out, so a caller cannot change what is stored.
 */
export class MemorySchedules implements SchedulesStore, DeliveriesStore {
  /** `<client_uid>/<schedule_id>` -> schedule. */
  readonly schedules = new Map<string, Schedule>();
  /** `<client_uid>/<schedule_id>/<period_key>` -> delivery. */
  readonly deliveries = new Map<string, Delivery>();

  async listSchedules(clientUid: string): Promise<Schedule[]> {
    return [...this.schedules.values()]
      .filter((s) => s.client_uid === clientUid)
      .sort(byCreated)
      .map((s) => structuredClone(s));
  }

  async getSchedule(clientUid: string, scheduleId: string): Promise<Schedule | null> {
    const s = this.schedules.get(`${clientUid}/${scheduleId}`);
    return s ? structuredClone(s) : null;
  }

  async putSchedule(schedule: Schedule): Promise<void> {
    this.schedules.set(`${schedule.client_uid}/${schedule.schedule_id}`, structuredClone(schedule));
  }

  async deleteSchedule(clientUid: string, scheduleId: string): Promise<boolean> {
    const key = `${clientUid}/${scheduleId}`;
    for (const k of this.deliveries.keys()) if (k.startsWith(`${key}/`)) this.deliveries.delete(k);
    return this.schedules.delete(key);
  }

  async removeRecipient(
    clientUid: string,
    scheduleId: string,
    email: string,
    updatedAt: string,
  ): Promise<'removed' | 'absent' | 'gone'> {
    const s = this.schedules.get(`${clientUid}/${scheduleId}`);
    if (!s) return 'gone';
    const recipients = s.recipients.filter((r) => r !== email);
    if (recipients.length === s.recipients.length) return 'absent';
    await this.putSchedule({
      ...s,
      recipients,
      paused: recipients.length === 0 ? true : s.paused,
      updated_at: updatedAt,
    });
    return 'removed';
  }

  async listAllSchedules(): Promise<Schedule[]> {
    return [...this.schedules.values()].sort(byCreated).map((s) => structuredClone(s));
  }

  async claimDelivery(clientUid: string, delivery: Delivery): Promise<DeliveryClaim> {
    const key = `${clientUid}/${delivery.schedule_id}/${delivery.period_key}`;
    const existing = this.deliveries.get(key);
    if (existing) return { claimed: false, existing: structuredClone(existing) };
    this.deliveries.set(key, structuredClone(delivery));
    return { claimed: true };
  }

  async getDelivery(
    clientUid: string,
    scheduleId: string,
    periodKey: string,
  ): Promise<Delivery | null> {
    const d = this.deliveries.get(`${clientUid}/${scheduleId}/${periodKey}`);
    return d ? structuredClone(d) : null;
  }

  async saveDelivery(
    clientUid: string,
    delivery: Delivery,
    expected?: Pick<Delivery, 'status' | 'attempts'>,
  ): Promise<boolean> {
    const key = `${clientUid}/${delivery.schedule_id}/${delivery.period_key}`;
    const stored = this.deliveries.get(key);
    if (
      expected &&
      (!stored || stored.status !== expected.status || stored.attempts !== expected.attempts)
    )
      return false;
    this.deliveries.set(key, structuredClone(delivery));
    return true;
  }

  async listDeliveries(clientUid: string, scheduleId: string, limit = 100): Promise<Delivery[]> {
    const prefix = `${clientUid}/${scheduleId}/`;
    return [...this.deliveries.entries()]
      .filter(([k]) => k.startsWith(prefix))
      .map(([, d]) => structuredClone(d))
      .sort((a, b) => b.period_key.localeCompare(a.period_key))
      .slice(0, limit);
  }
}

/** ScheduleTriggers that remember what is armed (schedule id -> schedule), for tests. */
export class MemoryTriggers implements ScheduleTriggers {
  readonly armed = new Map<string, Schedule>();

  async put(schedule: Schedule): Promise<void> {
    this.armed.set(schedule.schedule_id, structuredClone(schedule));
  }

  async remove(scheduleId: string): Promise<void> {
    this.armed.delete(scheduleId);
  }
}

function byCreated(a: Schedule, b: Schedule): number {
  return a.created_at.localeCompare(b.created_at) || a.schedule_id.localeCompare(b.schedule_id);
}
