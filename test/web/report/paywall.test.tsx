// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FreeReportInfo, Paywall } from '../../../web/src/report/paywall';

// The paywall reads the session (signed out here); subscriber texts: test/web/billing.
vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => false) }));

afterEach(cleanup);

function panel(locked: boolean, product?: 'industry' | 'advertiser') {
  render(
    <MemoryRouter>
      <Paywall locked={locked} label="Industry response summary" product={product}>
        <button type="button">Industry detail</button>
      </Paywall>
    </MemoryRouter>,
  );
}

describe('paywall (spec §4 "Paywall shows when results say max_reports")', () => {
  test('unlocked, the panel shows as it is', () => {
    panel(false);

    expect(screen.getByRole('button', { name: 'Industry detail' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('locked, the panel is blurred, out of reach, and an Unlock link leads to the plans', () => {
    panel(true);

    const hidden = screen.getByText('Industry detail').closest('.paywall__content')!;
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
    expect(hidden.hasAttribute('inert')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Industry detail' })).toBeNull();
    const unlock = screen.getByRole('link', { name: 'Unlock Industry Insights' });
    expect(unlock.getAttribute('href')).toBe('/plans?product=industry');
    expect(screen.getByRole('region', { name: 'Industry response summary (locked)' })).toBeTruthy();
  });

  test('the overlay says the free reports are used, or the reason it is given', () => {
    panel(true);
    expect(screen.getByText('You have used your two free reports.')).toBeTruthy();
    cleanup();

    render(
      <MemoryRouter>
        <Paywall locked label="Stations" reason="Industry Insights shows how airings respond.">
          <p>Stations detail</p>
        </Paywall>
      </MemoryRouter>,
    );

    expect(screen.getByText('Industry Insights shows how airings respond.')).toBeTruthy();
    expect(screen.queryByText('You have used your two free reports.')).toBeNull();
  });

  test('the insights panel unlocks Advertiser Insights', () => {
    panel(true, 'advertiser');

    expect(screen.getByRole('link', { name: 'Unlock Advertiser Insights' })).toBeTruthy();
  });

  test.each([
    [true, 1],
    [false, 0],
  ])('the free-report info box shows when free_report is %s', (show, count) => {
    render(
      <MemoryRouter>
        <FreeReportInfo show={show} />
      </MemoryRouter>,
    );

    expect(screen.queryAllByRole('note')).toHaveLength(count);
  });
});
