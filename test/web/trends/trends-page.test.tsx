// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WeeklyTrendsResult } from '#shared/contracts/weekly-trends.schema';
import { TrendsPage } from '../../../web/src/trends/trends-page';
import { fail, fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';
import { stubResizeObserver } from '../support/resize-observer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => stubResizeObserver());

const result = (over: Partial<WeeklyTrendsResult> = {}): WeeklyTrendsResult => ({
  filter_options: {
    dmas: [
      { id: '501', name: 'New York' },
      { id: '803', name: 'Los Angeles' },
    ],
    industries: [
      { id: '12', name: 'Auto dealers', parent_name: 'Automotive' },
      { id: '40', name: 'Furniture', parent_name: null },
      { id: '41', name: 'Pets', parent_name: null },
    ],
  },
  settings: { week_count: 3, dma_codes: [], industries: [] },
  week_ends: ['2026-11-08', '2026-11-15', '2026-11-22'],
  rows: [
    {
      industry_id: '12',
      name: 'Auto dealers',
      parent_name: 'Automotive',
      advertisers: 14,
      new_users: [100, 110, 121, 133],
      changes: [10, 10, 9.9],
      avg_change_pct: 9.97,
    },
    {
      industry_id: '40',
      name: 'Furniture',
      parent_name: null,
      advertisers: 6,
      new_users: [200, 180, 170, 160],
      changes: [-10, -5.6, -5.9],
      avg_change_pct: -7.1,
    },
    {
      industry_id: '41',
      name: 'Pets',
      parent_name: null,
      advertisers: 5,
      new_users: [0, 0, 0, 0],
      changes: [null, null, null],
      avg_change_pct: null,
    },
  ],
  show_badges: true,
  ...over,
});

function open(answer: { status: number; body: unknown } = ok(result()), url = '/ss/trends') {
  const calls = fakeApi({ weekly_trends: answer }, ['weekly_trends']);
  const view = renderAt(url, '/ss/trends', <TrendsPage />);
  return { calls, ...view };
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

describe('weekly trends page', () => {
  test('asks for 3 weeks of every market and industry by default', async () => {
    const { calls } = open();

    await screen.findByRole('table');

    expect(calls[0]?.body).toEqual({ week_count: 3, dma_codes: [], industries: [] });
  });

  test("shows each industry's weekly changes with the badge rules and a small chart", async () => {
    open();
    await screen.findByRole('table');

    const auto = rowOf('Auto dealers');
    const furniture = rowOf('Furniture');
    const pets = rowOf('Pets');

    expect(
      within(auto)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['14', '+10.0%', '+10.0%', '+9.9%', '+10.0%', '']);
    expect(within(auto).getByText('+10.0%', { selector: '.badge' }).dataset.tone).toBe('up');
    expect(within(furniture).getByText('−7.1%', { selector: '.badge' }).dataset.tone).toBe('down');
    expect(within(pets).getByText('unchanged').dataset.tone).toBe('none');
    expect(within(auto).getByRole('img').getAttribute('aria-label')).toBe(
      'Auto dealers: new users per week 100, 110, 121, 133',
    );
  });

  test('a user who may not see badges gets the table without them', async () => {
    open(ok(result({ show_badges: false })));
    await screen.findByRole('table');

    expect(screen.queryByRole('columnheader', { name: 'Average' })).toBeNull();
    expect(document.querySelector('.badge')).toBeNull();
  });

  test('changing the weeks asks again; an out-of-range number is refused with a message', async () => {
    const { calls } = open();
    await screen.findByRole('table');
    const weeks = screen.getByLabelText('Weeks');

    fireEvent.change(weeks, { target: { value: '13' } });
    expect(weeks.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(weeks.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Weeks must be between 1 and 12.',
    );
    fireEvent.change(weeks, { target: { value: '6' } });

    await waitFor(() =>
      expect(calls.map((c) => (c.body as { week_count: number }).week_count)).toEqual([3, 6]),
    );
    expect(screen.queryByText('Weeks must be between 1 and 12.')).toBeNull();
  });

  test('picking markets asks for those markets', async () => {
    const { calls } = open();
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: /Markets/ }));
    fireEvent.click(await screen.findByRole('option', { name: /New York/ }));

    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ week_count: 3, dma_codes: ['501'], industries: [] }),
    );
  });

  test('settings in the link are applied', async () => {
    const { calls } = open(ok(result()), '/ss/trends?weeks=8&industries=12,40');

    await screen.findByRole('table');

    expect(calls[0]?.body).toEqual({ week_count: 8, dma_codes: [], industries: ['12', '40'] });
    expect((screen.getByLabelText('Weeks') as HTMLInputElement).value).toBe('8');
  });

  test('no rows shows an empty state that says what to change', async () => {
    open(ok(result({ rows: [] })));

    await screen.findByRole('heading', { name: 'No trends for these markets and industries yet' });
    expect(document.body.textContent).toContain(
      'Choose more markets or industries, or more weeks.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a failed load shows the error and lets the user try again', async () => {
    const { calls } = open(fail(400, 'bad_input', 'A DMA code has 3 digits.'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A DMA code has 3 digits.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
  });
});
