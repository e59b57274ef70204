import { describe, expect, test } from 'vitest';
import type { ZodType } from 'zod';
import {
  campaignInputSchema,
  createCampaignInputSchema,
  updateCampaignInputSchema,
  updateSessionCampaignInputSchema,
} from '#shared/contracts/campaigns.schema';

/** The first message a form shows on a field (dot path), or undefined when the field is fine. */
function messageOn(schema: ZodType, input: unknown, field: string): string | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
}

const spring = {
  name: '  Spring sale ',
  flight_start: '2026-03-01',
  flight_end: '2026-03-31',
  budget_cents: 1_250_000,
  goal: { kind: 'visits', target: 5000 },
  station_ids: ['WABC', 'WABC', 'KTLA'],
  creative_ids: ['ISCI001'],
  dmas: [501, 803],
};

describe('campaign rules', () => {
  test('a complete campaign passes, trimmed and with its sets de-duplicated', () => {
    const out = campaignInputSchema.parse(spring);

    expect(out.name).toBe('Spring sale');
    expect(out.station_ids).toEqual(['WABC', 'KTLA']);
    expect(out.dmas).toEqual([501, 803]);
  });

  test('the sets default to empty (every station, creative and market)', () => {
    const { station_ids, creative_ids, dmas, ...bare } = spring;

    const out = campaignInputSchema.parse(bare);

    expect([out.station_ids, out.creative_ids, out.dmas]).toEqual([[], [], []]);
  });

  test.each([
    ['name', { name: '' }, 'Name is required.'],
    ['name', { name: 'x'.repeat(81) }, 'Name must be at most 80 characters.'],
    [
      'flight_start',
      { flight_start: '2026-02-30' },
      'Flight start must be a date written YYYY-MM-DD.',
    ],
    ['flight_end', { flight_end: '3/31/2026' }, 'Flight end must be a date written YYYY-MM-DD.'],
    [
      'flight_end',
      { flight_end: '2026-02-28' },
      'Flight end must be on or after the flight start.',
    ],
    ['budget_cents', { budget_cents: 12.5 }, 'Budget must be whole cents.'],
    ['budget_cents', { budget_cents: -1 }, 'Budget cannot be negative.'],
    [
      'goal.kind',
      { goal: { kind: 'clicks', target: 1 } },
      'Goal kind must be visits, vpa or cost_per_visit.',
    ],
    ['goal.target', { goal: { kind: 'vpa', target: -2 } }, 'Goal target cannot be negative.'],
    ['dmas.0', { dmas: [50] }, 'Markets must be 3-digit DMA codes.'],
    ['station_ids.0', { station_ids: [' '] }, 'Stations cannot hold an empty name.'],
  ])('%s: %j is refused with a message naming the field', (field, patch, message) => {
    expect(messageOn(campaignInputSchema, { ...spring, ...patch }, field)).toBe(message);
  });

  test('a one-day flight (end = start) passes', () => {
    expect(
      campaignInputSchema.safeParse({ ...spring, flight_end: spring.flight_start }).success,
    ).toBe(true);
  });

  test('create_campaign needs the client', () => {
    expect(messageOn(createCampaignInputSchema, spring, 'client_uid')).toBe(
      'client_uid is required.',
    );
  });

  test('update_campaign takes a patch, refuses an inverted flight in it, and takes delete', () => {
    const ids = { client_uid: 'c1', campaign_uid: 'k1' };

    expect(updateCampaignInputSchema.parse({ ...ids, name: 'Renamed' })).toMatchObject({
      name: 'Renamed',
    });
    expect(
      messageOn(
        updateCampaignInputSchema,
        { ...ids, flight_start: '2026-05-02', flight_end: '2026-05-01' },
        'flight_end',
      ),
    ).toBe('Flight end must be on or after the flight start.');
    expect(updateCampaignInputSchema.parse({ ...ids, delete: true }).delete).toBe(true);
    expect(messageOn(updateCampaignInputSchema, { ...ids, delete: false }, 'delete')).toBe(
      'delete must be true when given.',
    );
  });

  test('update_session_campaign takes a campaign or null, never a missing one', () => {
    const base = { session_uid: 's1', client_uid: 'c1' };

    expect(
      updateSessionCampaignInputSchema.parse({ ...base, campaign_uid: null }).campaign_uid,
    ).toBe(null);
    expect(messageOn(updateSessionCampaignInputSchema, base, 'campaign_uid')).toBe(
      'campaign_uid is required.',
    );
  });
});
