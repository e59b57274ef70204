import { describe, expect, test } from 'vitest';
import { stageRows } from '../../../../../lambdas/connections/core/pull/ga4-rows';
import { LocalClock } from '../../../../../lambdas/connections/core/pull/ga4-time';
import { fakeDma, ga4Row } from '../../pull-fakes';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('GA4 local times become UTC buckets', () => {
  test('a Chicago report day covers two UTC days and its minutes land on their UTC minute', () => {
    const clock = new LocalClock('America/Chicago');
    const rows = [ga4Row('201606011830', 4), ga4Row('201606012330', 6)];

    const staged = stageRows(rows, 'minute', clock, fakeDma, clock.utcDaysOf('2016-06-01'));

    expect([...staged.keys()]).toEqual(['2016-06-01', '2016-06-02']);
    expect(Array.from(staged.get('2016-06-01')!.bucketUtc)).toEqual([utc('2016-06-01T23:30:00Z')]);
    expect(Array.from(staged.get('2016-06-02')!.bucketUtc)).toEqual([utc('2016-06-02T04:30:00Z')]);
  });

  test('the repeated fall-back hour is split evenly over its two UTC hours', () => {
    const clock = new LocalClock('America/New_York');

    const staged = stageRows(
      [ga4Row('201611060130', 10, 'Chicago', 'Illinois')],
      'minute',
      clock,
      fakeDma,
      clock.utcDaysOf('2016-11-06'),
    );

    const day = staged.get('2016-11-06')!;
    expect(Array.from(day.bucketUtc)).toEqual([
      utc('2016-11-06T05:30:00Z'),
      utc('2016-11-06T06:30:00Z'),
    ]);
    expect(Array.from(day.sessions)).toEqual([5, 5]);
  });

  test('the spring-forward day has 23 hours, and every reported hour keeps its own UTC hour', () => {
    const clock = new LocalClock('America/New_York');
    const hours = ['00', '01', '03', '04'].map((h) => ga4Row(`20160313${h}`, 1));

    const staged = stageRows(hours, 'hour', clock, fakeDma, clock.utcDaysOf('2016-03-13'));

    expect(clock.dayStart('2016-03-14') - clock.dayStart('2016-03-13')).toBe(23 * 3600);
    expect(Array.from(staged.get('2016-03-13')!.bucketUtc)).toEqual([
      utc('2016-03-13T05:00:00Z'),
      utc('2016-03-13T06:00:00Z'),
      utc('2016-03-13T07:00:00Z'),
      utc('2016-03-13T08:00:00Z'),
    ]);
  });

  test('cities of one DMA add up; places with no DMA count as unknown geography', () => {
    const clock = new LocalClock('UTC');
    const rows = [
      ga4Row('201606011200', 2, 'Chicago', 'Illinois'),
      ga4Row('201606011200', 3, 'Chicago', 'Illinois'),
      ga4Row('201606011200', 7, '(not set)', '(not set)'),
    ];

    const day = stageRows(rows, 'minute', clock, fakeDma, ['2016-06-01']).get('2016-06-01')!;

    expect(Array.from(day.dmaIndex, (i) => day.dmaCodes[i])).toEqual(['', '602']);
    expect(Array.from(day.sessions)).toEqual([7, 5]);
    expect(Array.from(day.engagedSessions!)).toEqual([7 / 4, 5 / 4]);
    expect(Array.from(day.engagementS!)).toEqual([280, 200]);
  });

  test('a report day with no rows still stages each UTC day it covers, empty', () => {
    const clock = new LocalClock('America/Chicago');

    const staged = stageRows([], 'minute', clock, fakeDma, clock.utcDaysOf('2016-06-01'));

    expect([...staged.entries()].map(([d, v]) => [d, v.length])).toEqual([
      ['2016-06-01', 0],
      ['2016-06-02', 0],
    ]);
  });

  test('a time of the wrong resolution is refused, naming it', () => {
    expect(() =>
      stageRows([ga4Row('2016060112', 1)], 'minute', new LocalClock('UTC'), fakeDma, []),
    ).toThrow('"2016060112"');
  });
});
