import { expect, test } from 'vitest';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { documentsByKind, familyRequestOf } from '../../../lambdas/schedules/core/deliver-family';
import { DeliveryRefused } from '../../../lambdas/schedules/core/deliver-ports';

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
