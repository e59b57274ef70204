import { describe, expect, test } from 'vitest';
import {
  isIsoDate,
  MAX_DRILL,
  patchReportUrl,
  readDrill,
  readReportUrl,
} from '../../../web/src/lib/report-url';

const read = (query: string) => readReportUrl(new URLSearchParams(query));

describe('reading the report session from the URL', () => {
  test('an empty URL gives the defaults', () => {
    expect(read('')).toEqual({
      client: undefined,
      report: undefined,
      from: undefined,
      to: undefined,
      compareFrom: undefined,
      compareTo: undefined,
      type: 'all',
      hasSpots: true,
      method: undefined,
      window: undefined,
      drill: [],
      group: undefined,
      tab: 'daypart',
      sort: { key: 'visitsper', dir: 'desc' },
      vpa: 'auto',
      metric: 'visits',
    });
  });

  test('a shared link restores client, dates, filters, drill-downs, tab, sort and modes', () => {
    const state = read(
      'client=c1&report=r9&from=2024-03-04&to=2024-04-07&cfrom=2024-01-01&cto=2024-01-31' +
        '&type=cable&spots=0&method=pageviews&window=15&drill=station:WAOW&drill=daypart:prime' +
        '&group=cable&tab=program&sort=ads.asc&vpa=contribution&metric=airings',
    );

    expect(state).toMatchObject({
      client: 'c1',
      report: 'r9',
      from: '2024-03-04',
      to: '2024-04-07',
      compareFrom: '2024-01-01',
      compareTo: '2024-01-31',
      type: 'cable',
      hasSpots: false,
      method: 'pageviews',
      window: 15,
      drill: [
        { dimension: 'station', key: 'WAOW' },
        { dimension: 'daypart', key: 'prime' },
      ],
      group: 'cable',
      tab: 'program',
      sort: { key: 'ads', dir: 'asc' },
      vpa: 'contribution',
      metric: 'airings',
    });
  });

  test('invalid values read as absent instead of breaking the screen', () => {
    const state = read(
      'from=2024-02-30&to=yesterday&type=satellite&window=90&method=magic&vpa=loud&metric=x&sort=bogus',
    );

    expect(state).toMatchObject({
      from: undefined,
      to: undefined,
      type: 'all',
      window: undefined,
      method: undefined,
      vpa: 'auto',
      metric: 'visits',
      sort: { key: 'visitsper', dir: 'desc' },
    });
  });

  test('contribution mode opens tables sorted by contribution; calendar tabs keep natural order', () => {
    expect(read('vpa=contribution&tab=station').sort).toEqual({ key: 'contribution', dir: 'desc' });
    expect(read('vpa=contribution&tab=day_of_week').sort).toBeNull();
  });
});

describe('drill filters in the URL', () => {
  test('keys may hold colons; unknown dimensions, blanks and repeats are dropped', () => {
    expect(
      readDrill([
        'program:news:6pm',
        'galaxy:x',
        'station:',
        ':x',
        'program:news:6pm',
        'station:A',
      ]),
    ).toEqual([
      { dimension: 'program', key: 'news:6pm' },
      { dimension: 'station', key: 'A' },
    ]);
  });

  test(`at most ${MAX_DRILL} filters are read`, () => {
    const many = Array.from({ length: 8 }, (_, i) => `station:S${i}`);
    expect(readDrill(many)).toHaveLength(MAX_DRILL);
  });
});

describe('patching the URL', () => {
  test('a patch round-trips through the URL and leaves other params alone', () => {
    const start = new URLSearchParams('client=c1&tab=station&keep=me');

    const next = patchReportUrl(start, {
      drill: [{ dimension: 'station', key: 'K:1' }],
      compareFrom: '2024-01-01',
      compareTo: '2024-01-31',
      hasSpots: false,
      type: 'podcast',
      sort: { key: 'roi_raw', dir: 'desc' },
    });

    expect(next.get('keep')).toBe('me');
    expect(start.has('drill')).toBe(false);
    expect(readReportUrl(next)).toMatchObject({
      client: 'c1',
      drill: [{ dimension: 'station', key: 'K:1' }],
      compareFrom: '2024-01-01',
      compareTo: '2024-01-31',
      hasSpots: false,
      type: 'podcast',
      sort: { key: 'roi_raw', dir: 'desc' },
    });
  });

  test('defaults and nulls remove their params, so links stay short', () => {
    const start = new URLSearchParams('drill=station:A&type=cable&spots=0&vpa=both&sort=ads.asc');

    const next = patchReportUrl(start, {
      drill: [],
      type: 'all',
      hasSpots: true,
      vpa: 'auto',
      sort: 'default',
    });

    expect(next.toString()).toBe('');
  });
});

test.each([
  ['2024-02-29', true],
  ['2023-02-29', false],
  ['2024-13-01', false],
  ['2024-1-01', false],
  ['', false],
])('isIsoDate(%j) is %s', (value, ok) => {
  expect(isIsoDate(value)).toBe(ok);
});
