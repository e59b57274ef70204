// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { type Chip, FilterChips } from '../../../web/src/report/filter-chips';

const START: Chip[] = [
  { id: 'station:A', name: 'Station', value: 'WAOW-TV' },
  { id: 'daypart:p', name: 'Daypart', value: 'Prime time' },
  { id: 'program:n', name: 'Program', value: 'News' },
];

function Harness() {
  const [chips, setChips] = useState(START);
  return (
    <FilterChips
      chips={chips}
      onRemove={(id) => setChips((c) => c.filter((x) => x.id !== id))}
      onClear={() => setChips([])}
    />
  );
}

afterEach(cleanup);

describe('filter chips', () => {
  test('each filter shows with a labelled remove button', () => {
    render(<Harness />);

    expect(screen.getByRole('region', { name: 'Active filters' }).textContent).toContain(
      'Station: WAOW-TV',
    );
    expect(screen.getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(3);
  });

  test('removing a chip moves focus to the next chip, so the keyboard user stays in place', async () => {
    render(<Harness />);
    const daypart = screen.getByRole('button', { name: 'Remove filter Daypart Prime time' });
    daypart.focus();

    await act(async () => fireEvent.click(daypart));

    expect(screen.queryByText('Prime time')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Remove filter Program News' }),
    );
  });

  test('removing the last chip keeps focus inside the report, not on the page body', async () => {
    render(<Harness />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear all' })));

    expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.className).toContain('chips');
  });
});
