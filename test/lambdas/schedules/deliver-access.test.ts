import { expect, test } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { OWNER_LOST_CLIENT, ownerAccess } from '../../../lambdas/schedules/core/deliver-access';
import { DeliveryRefused } from '../../../lambdas/schedules/core/deliver-ports';
import { SCHEDULE_FEATURE_LOCKED } from '../../../lambdas/schedules/core/schedules';
import { seededCompanies } from '../reports/fakes';

const schedule = (owner: string): Schedule => ({
  schedule_id: 's1',
  client_uid: 'client-a',
  what: { kind: 'report' },
  cadence: { every: 'weekly', weekday: 1 },
  local_time: '09:00',
  time_zone: 'UTC',
  range: 'last_week',
  recipients: ['ann@example.com'],
  format: { pdf: true, csv: false },
  paused: false,
  owner_user_id: owner,
  owner_email: `${owner}@example.com`,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  next_run_at: null,
});

async function access(scheduleFeature: boolean) {
  return ownerAccess({
    companies: await seededCompanies(),
    features: {
      availableProducts: async () => ({ ...noProducts(), pro_schedule: scheduleFeature }),
    },
  });
}

test('an owner who still may schedule the client passes the check', async () => {
  await expect((await access(true)).check(schedule('alice'))).resolves.toBeUndefined();
});

test('an owner whose plan lost the Schedule feature is refused with the feature message', async () => {
  const refused = (await access(false)).check(schedule('alice'));

  await expect(refused).rejects.toBeInstanceOf(DeliveryRefused);
  await expect(refused).rejects.toThrow(SCHEDULE_FEATURE_LOCKED);
});

test('an owner who can no longer see the client is refused without naming it', async () => {
  const refused = (await access(true)).check(schedule('bob'));

  await expect(refused).rejects.toBeInstanceOf(DeliveryRefused);
  await expect(refused).rejects.toThrow(OWNER_LOST_CLIENT);
});
