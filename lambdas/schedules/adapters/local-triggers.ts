import type { ScheduleTriggers } from '../core/ports';

/**
 * The local stack's ScheduleTriggers: the handlers run in the local stack's own process, where
 * lib/local/schedules.ts registers its croner timers here at start. Without a registration
 * (a handler outside the local stack with no SCHEDULE_GROUP) a put or remove fails loudly rather
 * than silently never firing.
 */

const KEY = Symbol.for('analyticowl.schedules.localTriggers');
type Registry = { [KEY]?: ScheduleTriggers | null };

/** Registers (or, with null, clears) the process's local triggers. */
export function registerLocalTriggers(triggers: ScheduleTriggers | null): void {
  (globalThis as Registry)[KEY] = triggers;
}

function registered(): ScheduleTriggers {
  const triggers = (globalThis as Registry)[KEY];
  if (!triggers)
    throw new Error('No schedule triggers: set SCHEDULE_GROUP, or run inside the local stack.');
  return triggers;
}

/** ScheduleTriggers that forward to the registered local ones at call time. */
export const localTriggers: ScheduleTriggers = {
  put: async (schedule) => registered().put(schedule),
  remove: async (scheduleId) => registered().remove(scheduleId),
};
