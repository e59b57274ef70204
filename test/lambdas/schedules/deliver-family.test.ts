import { expect, test } from 'vitest';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { Schedule } from '#shared/contracts/schedules.schema';
import type { BuildDeps } from '../../../lambdas/families/core/ports';
import {
  documentsByKind,
  familyRequestOf,
  scheduledFamilyDocuments,
} from '../../../lambdas/schedules/core/deliver-family';
import { DeliveryRefused, DeliverySkipped } from '../../../lambdas/schedules/core/deliver-ports';

const base: Schedule = {
  schedule_id: 's1',
  client_uid: 'c1',
  what: { kind: 'monthly', executive_only: true, campaign_uid: 'camp1' },
  cadence: { every: 'monthly', day: 2 },
  local_time: '08:00',
  time_zone: 'America/Chicago',
  range: 'last_month',
  recipients: ['ann@example.com'],
  format: { pdf: true, csv: true },
  paused: false,
  owner_user_id: 'u1',
  owner_email: 'owner@example.com',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  next_run_at: null,
};

test('a family schedule asks for the month and quarter its period starts in, as the schedule says', () => {
  const request = familyRequestOf(base, { start: '2026-10-01', end: '2026-10-31', key: 'k' }, true);

  expect(request).toEqual({
    kind: 'monthly',
    client_uid: 'c1',
    month: '2026-10',
    quarter: '2026-Q4',
    campaign_uid: 'camp1',
    executive_only: true,
    csv: true,
  });
});

test('the report goes to the report renderer, a family to the family renderer', async () => {
  const seen: string[] = [];
  const doc = (name: string) => ({
    render: async () => {
      seen.push(name);
      return { title: name, pdf: new Uint8Array(), fileName: `${name}.pdf`, csv: null };
    },
  });
  const documents = documentsByKind(doc('report'), doc('family'));
  const period = { start: '2026-10-01', end: '2026-10-31', key: 'k' };

  await documents.render({ ...base, what: { kind: 'report' } }, period, false);
  await documents.render(base, period, false);

  expect(seen).toEqual(['report', 'family']);
});

test('without the families composed, a family schedule is refused with a reason, never sent half-made', async () => {
  const documents = documentsByKind({ render: async () => Promise.reject(new Error('x')) }, null);

  await expect(
    documents.render(base, { start: '2026-10-01', end: '2026-10-31', key: 'k' }, false),
  ).rejects.toBeInstanceOf(DeliveryRefused);
});

const campaign: Campaign = {
  campaign_uid: 'camp1',
  client_uid: 'c1',
  name: 'Fall push',
  flight_start: '2026-09-10',
  flight_end: '2026-09-20',
  budget_cents: 0,
  goal: { kind: 'visits', target: 100 },
  station_ids: [],
  creative_ids: [],
  dmas: [],
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: '2026-09-01T00:00:00.000Z',
};

/** Family documents whose only working port is the campaign lookup (nothing is built). */
function campaignFamilies(stored: Campaign | null) {
  const build = {
    campaigns: { get: async () => stored },
    clock: { now: () => new Date('2026-11-02T14:00:00Z') },
  } as unknown as BuildDeps;
  return scheduledFamilyDocuments({
    build,
    renderer: { render: async () => ({ pdf: new Uint8Array(), pages: 1 }) },
  });
}

test("a month outside the campaign's flight is skipped, naming the campaign and the month", async () => {
  const october = { start: '2026-10-01', end: '2026-10-31', key: 'k' };

  const outcome = campaignFamilies(campaign).render(base, october, false);

  await expect(outcome).rejects.toBeInstanceOf(DeliverySkipped);
  await expect(outcome).rejects.toThrow(
    "The campaign Fall push's flight does not cover October 2026.",
  );
});

test('a deleted campaign refuses the delivery and asks for the schedule to be paused', async () => {
  const october = { start: '2026-10-01', end: '2026-10-31', key: 'k' };

  const error = await campaignFamilies(null)
    .render(base, october, false)
    .catch((e: unknown) => e);

  expect(error).toBeInstanceOf(DeliveryRefused);
  expect(error).toMatchObject({ pauseSchedule: true });
  expect((error as Error).message).toContain('deleted');
});
