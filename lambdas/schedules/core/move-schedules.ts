import type { DeliveriesStore, SchedulesStore, ScheduleTriggers } from './ports';

/** What moving schedules between clients touches. */
export interface MoveScheduleDeps {
  schedules: SchedulesStore;
  deliveries: DeliveriesStore;
  triggers: ScheduleTriggers;
}

/**
 * Moves every schedule of one client to another (client_merge: the merged client is deleted, so
 * its deliveries must follow the kept one, not keep firing at a client that is gone). Per
 * schedule, each step safe to run again: 1. the schedule is stored under the kept client (same
 * id, owner and times); 2. its delivery history is copied (a period already delivered stays
 * delivered); 3. its trigger is re-pointed at the kept client; 4. the old copy and its history
 * are deleted.
 * @returns how many schedules moved.
 */
export async function moveSchedules(
  deps: MoveScheduleDeps,
  fromClientUid: string,
  intoClientUid: string,
): Promise<number> {
  const moving = await deps.schedules.listSchedules(fromClientUid);
  for (const old of moving) {
    const moved = { ...old, client_uid: intoClientUid };
    await deps.schedules.putSchedule(moved);
    for (const d of await deps.deliveries.listDeliveries(fromClientUid, old.schedule_id, 1000))
      await deps.deliveries.claimDelivery(intoClientUid, d);
    await deps.triggers.put(moved);
    await deps.schedules.deleteSchedule(fromClientUid, old.schedule_id);
  }
  return moving.length;
}
