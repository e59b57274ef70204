// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import { Paywall } from '../../../web/src/report/paywall';
import { renderAt } from '../auth/render-at';
import { ok, sessionFixture, stubBillingApi } from './billing-api';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function lockedPanel(product: 'industry' | 'advertiser', subscribed: boolean) {
  stubBillingApi((call) =>
    call.name === 'get_session'
      ? ok(
          sessionFixture({
            available_products: { ...noProducts(), has_any_subscription: subscribed },
          } as never),
        )
      : undefined,
  );
  renderAt(
    '/ss',
    '/ss',
    <Paywall locked label="Insights" product={product}>
      <p>detail</p>
    </Paywall>,
  );
}

describe('paywall buttons (spec §6 "Unlock Industry Insights, Unlock Advertiser Insights, or View / Update Subscription")', () => {
  test.each([
    ['industry', 'Unlock Industry Insights', '/plans?product=industry'],
    ['advertiser', 'Unlock Advertiser Insights', '/plans?product=advertiser'],
  ] as const)('without a subscription the %s panel reads %s', async (product, text, href) => {
    lockedPanel(product, false);

    const link = await screen.findByRole('link', { name: text });

    expect(link.getAttribute('href')).toBe(href);
  });

  test('a subscriber is offered View / Update Subscription instead', async () => {
    lockedPanel('advertiser', true);

    const link = await screen.findByRole('link', { name: 'View / Update Subscription' });

    expect(link.getAttribute('href')).toBe('/plans?product=advertiser');
    expect(screen.queryByRole('link', { name: /^Unlock/ })).toBeNull();
  });
});
