// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { AdSpendCalculator, type AdSpendInputs } from '../../../web/src/report/ad-spend-calculator';

afterEach(cleanup);

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

describe('ad-spend calculator', () => {
  test('projects visits, conversions, revenue and ROI from the report cost per visit', async () => {
    const saved: AdSpendInputs[] = [];
    render(<AdSpendCalculator costPerVisitCents={800} onChange={(i) => saved.push(i)} />);

    await type('Ad spend ($)', '5,000');
    await type('Conversion rate (%)', '2');
    await type('Average order value ($)', '400');

    // $5,000 / $8 = 625 visits; 2% = 12.5 conversions; x $400 = $5,000 revenue; ROI 0%.
    const results = screen.getByTestId('calculator-results');
    expect(results.textContent).toContain('Projected visits625');
    expect(results.textContent).toContain('Conversions13');
    expect(results.textContent).toContain('Revenue$5,000.00');
    expect(results.textContent).toContain('ROI0.0%');
    expect(saved.at(-1)).toEqual({
      ad_spend_cents: 500_000,
      conversion_rate_pct: 2,
      order_value_cents: 40_000,
    });
  });

  test('opening the calculator saves nothing; only a change made by the user is reported', async () => {
    const saved: AdSpendInputs[] = [];
    const { rerender } = render(
      <AdSpendCalculator costPerVisitCents={800} onChange={(i) => saved.push(i)} />,
    );
    // The caller re-renders with a new callback (as a page does on every render).
    rerender(<AdSpendCalculator costPerVisitCents={800} onChange={(i) => saved.push(i)} />);
    expect(saved).toEqual([]);

    await type('Conversion rate (%)', '3');

    expect(saved).toHaveLength(1);
    expect(saved[0]?.conversion_rate_pct).toBe(3);
  });

  test('a bad input says what is wrong under the field and hides the projection', async () => {
    render(<AdSpendCalculator costPerVisitCents={800} />);

    await type('Conversion rate (%)', '250');

    const field = screen.getByLabelText('Conversion rate (%)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(/Conversion rate: enter a percentage above 0 and up to 100/),
    ).toBeTruthy();
    expect(screen.queryByTestId('calculator-results')).toBeNull();
  });

  test('a report without costs explains why there is no projection', () => {
    render(<AdSpendCalculator costPerVisitCents={null} />);

    expect(screen.getByText(/add airing costs to the post-log/)).toBeTruthy();
    expect(screen.queryByTestId('calculator-results')).toBeNull();
  });
});
