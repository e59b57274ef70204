// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { IndustrySection } from '#shared/contracts/industry-insights.schema';
import {
  chartSummary,
  FEW_OWN_AIRINGS,
  IndexTable,
} from '../../../web/src/report/industry-section-view';

afterEach(cleanup);

const section: IndustrySection = {
  section: 'foot_traffic_hours',
  title: 'Foot traffic by time of day',
  locked: false,
  rows: [
    {
      key: 'late',
      label: 'Late News',
      industry_index: -131.4,
      client_index: 60.2,
      industry_share: 0.02,
      client_share: 0.05,
      advertisers: 3,
    },
    {
      key: 'prime',
      label: 'Prime',
      industry_index: 130,
      client_index: null,
      industry_share: 0.1,
      client_share: 0,
      advertisers: 4,
    },
  ],
};

describe('an industry section’s table', () => {
  test('a negative index shows as 0 with the raw value in its title', () => {
    render(<IndexTable section={section} />);

    const row = screen.getByRole('row', { name: /Late News/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('0');
    expect(cells[0]?.getAttribute('title')).toBe('Raw index -131: fewer visits than the baseline');
    expect(cells[1]?.textContent).toBe('60');
    expect(cells[2]?.textContent).toBe('2%');
  });

  test('a missing own index reads as such to screen readers', () => {
    render(<IndexTable section={section} />);

    const row = screen.getByRole('row', { name: /Prime/ });
    expect(within(row).getByText(FEW_OWN_AIRINGS).textContent).toBe(FEW_OWN_AIRINGS);
    expect(within(row).queryByText('0')).toBeNull();
  });

  test('the chart summary names the highest rows', () => {
    expect(chartSummary(section)).toMatch(/Industry highest: Prime, 130/);
  });
});
