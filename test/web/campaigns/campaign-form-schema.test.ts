import { describe, expect, test } from 'vitest';
import {
  type CampaignFormValues,
  campaignFormSchema,
  campaignToForm,
  DMA_TEXT_MESSAGE,
  dollarsToCents,
  emptyCampaignForm,
} from '../../../web/src/campaigns/campaign-form-schema';

const filled: CampaignFormValues = {
  ...emptyCampaignForm(),
  name: 'Spring sale',
  flight_start: '2026-03-01',
  flight_end: '2026-03-31',
  budget: '$12,500.50',
  goal_kind: 'cost_per_visit',
  goal_target: '2.25',
  station_ids: ['WABC'],
  dmas: '501, 803 501',
};

/** The first message the form shows on a field, or undefined. */
function messageOn(values: CampaignFormValues, field: keyof CampaignFormValues) {
  const parsed = campaignFormSchema.safeParse(values);
  return parsed.success
    ? undefined
    : parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
}

describe('the campaign form', () => {
  test('turns dollars into integer cents and DMA text into codes, as the contract wants', () => {
    expect(campaignFormSchema.parse(filled)).toEqual({
      name: 'Spring sale',
      flight_start: '2026-03-01',
      flight_end: '2026-03-31',
      budget_cents: 1_250_050,
      goal: { kind: 'cost_per_visit', target: 225 },
      station_ids: ['WABC'],
      creative_ids: [],
      dmas: [501, 803],
    });
  });

  test.each([
    ['budget', { budget: 'lots' }, 'Budget must be an amount in dollars, such as 12500.00.'],
    ['budget', { budget: '' }, 'Budget must be an amount in dollars, such as 12500.00.'],
    [
      'flight_end',
      { flight_end: '2026-02-01' },
      'Flight end must be on or after the flight start.',
    ],
    ['flight_start', { flight_start: '' }, 'Flight start must be a date written YYYY-MM-DD.'],
    ['goal_target', { goal_target: '' }, 'Goal target must be a number.'],
    ['dmas', { dmas: '501, LA' }, DMA_TEXT_MESSAGE],
    ['dmas', { dmas: '50' }, 'Markets must be 3-digit DMA codes.'],
    ['name', { name: ' ' }, 'Name is required.'],
  ] as const)('%s: %j shows "%s" on that field', (field, patch, message) => {
    expect(messageOn({ ...filled, ...patch }, field)).toBe(message);
  });

  test('an inverted flight is named even while other fields are wrong too', () => {
    const values = { ...filled, flight_end: '2000-01-01', budget: 'lots' };

    expect(messageOn(values, 'flight_end')).toBe(
      'Flight end must be on or after the flight start.',
    );
    expect(messageOn(values, 'budget')).toBe(
      'Budget must be an amount in dollars, such as 12500.00.',
    );
  });

  test('an edited campaign shows its cents as dollars and reads back unchanged', () => {
    const stored = {
      campaign_uid: 'k-1',
      client_uid: 'c-1',
      created_at: '',
      updated_at: '',
      ...campaignFormSchema.parse(filled),
    };

    const form = campaignToForm(stored);

    expect(form).toMatchObject({ budget: '12500.50', goal_target: '2.25', dmas: '501, 803' });
    expect(campaignFormSchema.parse(form)).toMatchObject({ budget_cents: 1_250_050 });
  });

  test.each([
    ['1,250.5', 125_050],
    ['0', 0],
    ['12.345', Number.NaN],
    ['-5', Number.NaN],
  ])('dollars %s -> %d cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });
});
