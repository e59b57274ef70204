import { describe, expect, test } from 'vitest';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import {
  defaultSort,
  nextSort,
  sortFromParam,
  sortRows,
  sortToParam,
} from '../../../web/src/lib/sort';
import { broadcastRow } from '../../support/broadcast-row';

/** A row with `visitsper` VPA over 10 airings, no cost. */
function row(label: string, visitsper: number, extra: Partial<BroadcastRow> = {}): BroadcastRow {
  const base = { visitsper, contribution: 0, cost_cents: null, cost_per_visit_cents: null };
  return broadcastRow(label, 10, visitsper * 10, { ...base, ...extra });
}

const labels = (rows: BroadcastRow[]) => rows.map((r) => r.label);

describe('default sort (spec §9: VPA descending; calendar tabs keep natural order)', () => {
  test.each(['daypart', 'station', 'program', 'creative'])('%s sorts by VPA descending', (dim) => {
    expect(defaultSort(dim)).toEqual({ key: 'visitsper', dir: 'desc' });
  });

  test.each(['day_of_week', 'day_of_month', 'week_number', 'month_of_year'])(
    '%s keeps natural order',
    (dim) => {
      expect(defaultSort(dim)).toBeNull();
    },
  );
});

describe('clicking headers', () => {
  test('clicking the sorted column flips its direction', () => {
    expect(nextSort({ key: 'visitsper', dir: 'desc' }, 'visitsper')).toEqual({
      key: 'visitsper',
      dir: 'asc',
    });
    expect(nextSort({ key: 'visitsper', dir: 'asc' }, 'visitsper')).toEqual({
      key: 'visitsper',
      dir: 'desc',
    });
  });

  test('a new numeric column starts descending, the text column ascending', () => {
    expect(nextSort(null, 'ads')).toEqual({ key: 'ads', dir: 'desc' });
    expect(nextSort({ key: 'ads', dir: 'desc' }, 'label')).toEqual({ key: 'label', dir: 'asc' });
  });
});

describe('sortRows', () => {
  const rows = [row('B', 2), row('A', -1.5), row('C', 7), row('D', 2)];

  test('sorts on raw signed values, ties keep natural order', () => {
    expect(labels(sortRows(rows, { key: 'visitsper', dir: 'desc' }))).toEqual(['C', 'B', 'D', 'A']);
    expect(labels(sortRows(rows, { key: 'visitsper', dir: 'asc' }))).toEqual(['A', 'B', 'D', 'C']);
  });

  test('null sort keeps the engine order and does not change the input', () => {
    const copy = sortRows(rows, null);
    expect(labels(copy)).toEqual(['B', 'A', 'C', 'D']);
    expect(copy).not.toBe(rows);
  });

  test('labels sort naturally (week 2 before week 10)', () => {
    const weeks = [row('Week 10', 1), row('Week 2', 1), row('Week 1', 1)];
    expect(labels(sortRows(weeks, { key: 'label', dir: 'asc' }))).toEqual([
      'Week 1',
      'Week 2',
      'Week 10',
    ]);
  });

  test('missing cost per visit goes last in both directions', () => {
    const costs = [
      row('none', 1),
      row('cheap', 1, { cost_per_visit_cents: 100 }),
      row('dear', 1, { cost_per_visit_cents: 900 }),
    ];
    expect(labels(sortRows(costs, { key: 'cost_per_visit_cents', dir: 'asc' }))).toEqual([
      'cheap',
      'dear',
      'none',
    ]);
    expect(labels(sortRows(costs, { key: 'cost_per_visit_cents', dir: 'desc' }))).toEqual([
      'dear',
      'cheap',
      'none',
    ]);
  });
});

describe('sort in the URL', () => {
  test('round-trips a sort and the natural order', () => {
    expect(sortFromParam(sortToParam({ key: 'ads', dir: 'asc' }), 'station')).toEqual({
      key: 'ads',
      dir: 'asc',
    });
    expect(sortFromParam(sortToParam(null), 'station')).toBeNull();
  });

  test('invalid or missing values fall back to the tab default', () => {
    expect(sortFromParam('drop.table', 'station')).toEqual({ key: 'visitsper', dir: 'desc' });
    expect(sortFromParam(null, 'day_of_week')).toBeNull();
  });
});
