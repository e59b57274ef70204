import { describe, expect, test } from 'vitest';
import { orderCard } from '../../../web/src/account/order-cards';
import { emptyProfile, payingProfile } from '../billing/billing-api';

describe('orderCard', () => {
  test('a paid subscription is owned, with its product line, unlocked features and subtotal in cents', () => {
    const profile = payingProfile();
    const sub = profile.subscription;
    if (!sub) throw new Error('fixture has a subscription');
    sub.features = ['creatives', 'days'];
    sub.access = 'entitled';

    const card = orderCard(profile, 'Personal');

    expect(card).toMatchObject({
      state: 'owns',
      org_name: 'Personal',
      title: 'Individual Unlimited · Advertiser Insights',
      lines: [
        { name: 'Advertiser Insights', cents: 39_900 },
        { name: 'Creative', cents: 2_500 },
        { name: 'Days', cents: 1_000 },
      ],
      subtotal: 43_400,
      total: 39_900,
    });
  });

  test('a subscription awaiting its first invoice is being ordered', () => {
    const profile = payingProfile();
    if (profile.subscription) profile.subscription.access = 'pending';

    expect(orderCard(profile, 'Team')?.state).toBe('ordering');
  });

  test('no subscription, or one that gives no access, has no card', () => {
    const ended = payingProfile();
    if (ended.subscription) ended.subscription.access = 'none';

    expect(orderCard(emptyProfile(), 'Personal')).toBeNull();
    expect(orderCard(ended, 'Personal')).toBeNull();
  });

  test('a quoted plan lists its product unpriced and leaves it out of the subtotal', () => {
    const profile = payingProfile();
    if (profile.subscription) {
      profile.subscription.plan = 'enterprise';
      profile.subscription.product = 'both';
      profile.subscription.access = 'entitled';
    }

    const card = orderCard(profile, 'Big Co');

    expect(card?.lines).toEqual([{ name: 'Advertiser + Industry Insights', cents: null }]);
    expect(card?.subtotal).toBe(0);
  });
});
