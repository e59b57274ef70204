import { describe, expect, test } from 'vitest';
import { planOffer, planOffers } from '../../../web/src/signup/plan-offers';

describe('plan picker prices (spec §9 "Plans", from the price table)', () => {
  test.each([
    ['ii', '$99'],
    ['ai', '$399'],
    ['both', '$498'],
  ] as const)('Individual Unlimited for %s costs %s a month', (planType, price) => {
    expect(planOffer('individual', planType)).toMatchObject({
      name: 'Individual Unlimited',
      price,
      per: '/month',
    });
  });

  test('the free tier is Individual Starter: $0 today, pay per insight from $10/month', () => {
    expect(planOffer('free', 'ai')).toMatchObject({
      name: 'Individual Starter',
      price: 'Free',
      summary: '$0 due today. Pay per insight from $10/month.',
    });
    expect(planOffer('free', 'ai').points).toContain('Two free reports, always');
  });

  test('team Industry Insights has a price; team with Advertiser Insights is quoted', () => {
    expect(planOffer('team', 'ii')).toMatchObject({ price: '$249', per: '/month' });
    expect(planOffer('team', 'ai')).toMatchObject({ price: 'Custom', per: '' });
    expect(planOffer('team', 'both').points).toContain('Up to 10 users');
  });

  test('enterprise quotes the advertiser range', () => {
    expect(planOffer('enterprise', 'ai').summary).toBe(
      'Advertiser Insights from $799–$1,999/month, or priced by market.',
    );
  });

  test('association members save 20% on Industry Insights lines, nothing on Advertiser Insights alone', () => {
    expect(planOffer('individual', 'ii').discount).toBe('Association members save 20%.');
    expect(planOffer('team', 'ii').discount).toBe('Association members save 20%.');
    expect(planOffer('individual', 'ai').discount).toBeNull();
  });

  test('association members buying both products are told they save 20% of Industry Insights', () => {
    expect(planOffer('individual', 'both').discount).toBe(
      'Association members save $19.80 a month (20% of Industry Insights).',
    );
  });

  test('four cards in order free, individual, team, enterprise', () => {
    expect(planOffers('both').map((o) => o.selection)).toEqual([
      'free',
      'individual',
      'team',
      'enterprise',
    ]);
  });
});
