import { describe, expect, test } from 'vitest';
import {
  type DropdownOption,
  formatDropdownValue,
  groupOrder,
  groupRuns,
  matchesQuery,
  parseDropdownValue,
  toggleDropdownValue,
} from '../../../web/src/lib/dropdown-options';

const regions: DropdownOption[] = [
  { id: '501', label: 'New York', group: 'Northeast' },
  { id: '623', label: 'Dallas', group: 'South' },
  { id: '506', label: 'Boston', group: 'Northeast' },
  { id: '618', label: 'Houston', group: 'South' },
];

describe('dropdown value (spec §2: comma-joined id list or null)', () => {
  test.each([
    [null, []],
    ['', []],
    ['7', ['7']],
    ['3, 5,,9', ['3', '5', '9']],
  ])('%j parses to %j', (value, ids) => {
    expect(parseDropdownValue(value)).toEqual(ids);
  });

  test('ids format back to one string, none to null', () => {
    expect(formatDropdownValue(['3', '5'])).toBe('3,5');
    expect(formatDropdownValue([])).toBeNull();
  });

  test.each([
    [null, '618', '618'],
    ['618', '501', '501,618'],
    ['501,618', '506', '501,506,618'],
    ['501,618', '618', '501'],
    ['501', '501', null],
    ['999,618', '501', '501,618,999'],
  ])('toggling in %j the id %j gives %j, in list order', (value, id, expected) => {
    expect(toggleDropdownValue(groupOrder(regions), value, id)).toBe(expected);
  });
});

describe('dropdown groups and search', () => {
  test('options of one group sit together, groups in order of first appearance', () => {
    const ordered = groupOrder(regions);

    expect(ordered.map((o) => o.label)).toEqual(['New York', 'Boston', 'Dallas', 'Houston']);
    expect(groupRuns(ordered).map((r) => [r.group, r.items.length])).toEqual([
      ['Northeast', 2],
      ['South', 2],
    ]);
  });

  test.each([
    ['', 4],
    ['  ', 4],
    ['HOU', 1],
    ['south', 2],
    ['o', 4],
    ['zzz', 0],
  ])('search %j matches %i options by name or group', (query, count) => {
    expect(regions.filter((o) => matchesQuery(o, query))).toHaveLength(count);
  });
});
