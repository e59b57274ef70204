// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CompanyListItem } from '#shared/contracts/api.schema';
import { OrderCardsSection } from '../../../web/src/account/order-cards-section';
import { TrophyCard } from '../../../web/src/account/trophy-card';
import { fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';
import { emptyProfile, ORGS, payingProfile } from '../billing/billing-api';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = (i: number, over: Partial<CompanyListItem> = {}): CompanyListItem => ({
  client_uid: `c${i}`,
  name: `Client ${i}`,
  sample_data: false,
  demo: false,
  airings: 10,
  first_airing_utc: null,
  last_airing_utc: null,
  latest_report_id: null,
  perms: {} as CompanyListItem['perms'],
  shared: false,
  ...over,
});

describe('order cards', () => {
  test('an owned subscription shows as a card whose product list opens with its subtotal', async () => {
    const profile = payingProfile();
    if (profile.subscription) {
      profile.subscription.access = 'entitled';
      profile.subscription.features = ['creatives'];
    }
    fakeApi(
      {
        my_organizations: ok({ organizations: ORGS }),
        get_billing_profile: ok(profile),
      },
      ['my_organizations', 'get_billing_profile'],
    );
    renderAt('/ss/account', '/ss/account', <OrderCardsSection />);

    const cards = await screen.findAllByRole('article');
    const card = cards[0] as HTMLElement;
    fireEvent.click(within(card).getByText(/^Products \(2\)/));

    expect(within(card).getByText('Owns')).toBeTruthy();
    expect(within(card).getByRole('heading').textContent).toBe(
      'Individual Unlimited · Advertiser Insights',
    );
    expect(within(card).getByText(/^Products \(2\) · subtotal \$424\/month/)).toBeTruthy();
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Advertiser Insights', '$399'],
      ['Creative', '$25'],
      ['Subtotal', '$424'],
      ['You pay per month', '$399'],
    ]);
  });

  test('a subscription waiting for its first invoice shows as Ordering', async () => {
    const profile = payingProfile();
    if (profile.subscription) profile.subscription.access = 'pending';
    fakeApi({ my_organizations: ok({ organizations: ORGS }), get_billing_profile: ok(profile) }, [
      'my_organizations',
      'get_billing_profile',
    ]);
    renderAt('/ss/account', '/ss/account', <OrderCardsSection />);

    const [card] = await screen.findAllByRole('article');

    expect(within(card as HTMLElement).getByText('Ordering')).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText(/access starts when the first invoice is paid/),
    ).toBeTruthy();
  });
});

describe('order cards without a subscription', () => {
  test('an organization with nothing owned or ordered says so', async () => {
    fakeApi(
      {
        my_organizations: ok({ organizations: ORGS }),
        get_billing_profile: ok(emptyProfile()),
      },
      ['my_organizations', 'get_billing_profile'],
    );
    renderAt('/ss/account', '/ss/account', <OrderCardsSection />);

    expect(await screen.findAllByText(/: nothing owned or ordered yet\.$/)).not.toHaveLength(0);
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('trophy', () => {
  test('shows the level held, the rule, and what the next level needs', async () => {
    const clients = [
      ...Array.from({ length: 4 }, (_, i) =>
        client(i, { latest_report_id: `r${i}`, connection_status: 'connected' }),
      ),
      client(9, { demo: true, latest_report_id: 'rd', connection_status: 'connected' }),
    ];
    fakeApi({ fetch_companies: ok({ clients, total_clients: clients.length }) }, [
      'fetch_companies',
    ]);
    renderAt('/ss/account', '/ss/account', <TrophyCard />);

    const trophy = await screen.findByRole('region', { name: 'Your trophy' });

    expect(within(trophy).getByRole('heading').textContent).toBe('Bronze trophy');
    expect(trophy.textContent).toContain('4 clients with a report · 4 connected');
    expect(trophy.textContent).toContain('Silver needs 6 more clients with a report.');
    expect(trophy.textContent).toContain(
      'Gold: 10 connected clients and 50 clients with a report.',
    );
  });

  test('a new user has no trophy yet and is told the first report earns bronze', async () => {
    fakeApi({ fetch_companies: ok({ clients: [], total_clients: 0 }) }, ['fetch_companies']);
    renderAt('/ss/account', '/ss/account', <TrophyCard />);

    const trophy = await screen.findByRole('region', { name: 'Your trophy' });

    expect(within(trophy).getByRole('heading').textContent).toBe('No trophy yet');
    expect(trophy.textContent).toContain('Bronze needs 1 more client with a report.');
  });
});
