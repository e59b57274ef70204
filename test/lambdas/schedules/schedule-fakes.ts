import { noProducts } from '#shared/billing/available-products';
import type { MemoryCompanies } from '#shared/companies/memory-companies';
import type { Schedule, ScheduleInputDraft } from '#shared/contracts/schedules.schema';
import {
  MemorySchedules,
  MemoryTriggers,
} from '../../../lambdas/schedules/adapters/memory-schedules';
import type { ScheduleDeps } from '../../../lambdas/schedules/core/ports';
import { seededCompanies } from '../reports/fakes';

/** Users whose accounts have the Schedule feature (pro_schedule); others have no products. */
export type ScheduleWorld = ScheduleDeps & {
  companies: MemoryCompanies;
  schedules: MemorySchedules;
  deliveries: MemorySchedules;
  triggers: MemoryTriggers;
  /** User ids whose available_products include pro_schedule. */
  scheduling: Set<string>;
};

/**
 * In-memory schedule deps over the reports fakes' companies (alice: org-a with client-a; bob:
 * org-b with client-b; demo-1 a sample client), a fixed clock (Monday 23 November 2026 12:00
 * UTC) and counting ids `sched-1`, `sched-2`, ... Alice and bob have the Schedule feature.
 */
export async function scheduleWorld(): Promise<ScheduleWorld> {
  const store = new MemorySchedules();
  const scheduling = new Set(['alice', 'bob']);
  let n = 0;
  return {
    companies: await seededCompanies(),
    // client-a has one campaign, camp-a.
    campaigns: {
      get: async (client, uid) =>
        client === 'client-a' && uid === 'camp-a' ? { campaign_uid: uid } : null,
    },
    schedules: store,
    deliveries: store,
    triggers: new MemoryTriggers(),
    features: {
      availableProducts: async (userId) => ({
        ...noProducts(),
        pro_schedule: scheduling.has(userId),
      }),
    },
    now: () => new Date('2026-11-23T12:00:00.000Z'),
    newId: () => `sched-${++n}`,
    scheduling,
  };
}

/** A valid weekly schedule of client-a: Mondays 08:00 New York, last week, one recipient. */
export function weeklyInput(over: Partial<ScheduleInputDraft> = {}): ScheduleInputDraft {
  return {
    client_uid: 'client-a',
    what: { kind: 'report' },
    cadence: { every: 'weekly', weekday: 1 },
    local_time: '08:00',
    time_zone: 'America/New_York',
    range: 'last_week',
    recipients: ['boss@acme.example'],
    format: { pdf: true, csv: false },
    ...over,
  };
}

/**
 * A stored, unpaused schedule `s1` of client-a as the stores hold it: weekly input (Mondays 08:00
 * New York = 13:00 UTC in November, last week, one recipient, PDF only), owned by alice, created
 * 1 November 2026 UTC, no next run yet. `over` replaces any field.
 */
export function storedSchedule(over: Partial<Schedule> = {}): Schedule {
  return {
    schedule_id: 's1',
    client_uid: 'client-a',
    what: { kind: 'report' },
    cadence: { every: 'weekly', weekday: 1 },
    local_time: '08:00',
    time_zone: 'America/New_York',
    range: 'last_week',
    recipients: ['boss@acme.example'],
    format: { pdf: true, csv: false },
    paused: false,
    owner_user_id: 'alice',
    owner_email: 'alice@example.com',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    next_run_at: null,
    ...over,
  };
}
