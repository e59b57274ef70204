import { describe, expect, test } from 'vitest';
import {
  parseAiringInstant,
  parseCostCents,
  parseLength,
  parseStationType,
  parseTimeOfDay,
} from '../../../../lambdas/imports/core/parse-values';

const NY = 'America/New_York';
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('parseAiringInstant', () => {
  test.each([
    ['2016-06-01T15:30:06Z', null, utc('2016-06-01T15:30:06Z')],
    ['2016-06-01T08:30:06-07:00', null, utc('2016-06-01T15:30:06Z')],
    ['2016-06-01', '8:30 PM', utc('2016-06-02T00:30:00Z')],
    ['6/1/2016', '20:30:15', utc('2016-06-02T00:30:15Z')],
    ['6/1/16 6:00 AM', null, utc('2016-06-01T10:00:00Z')],
    ['1/15/2016', '12:00 AM', utc('2016-01-15T05:00:00Z')],
  ])('reads %s %s (no zone = New York local time)', (date, time, expected) => {
    expect(parseAiringInstant(date, time, NY, false)).toBe(expected);
  });

  test('proposes 20XX for a 00XX year and applies it when accepted', () => {
    expect(parseAiringInstant('0016-06-01T15:30:06Z', null, NY, false)).toEqual({
      error: 'Year 0016 looks wrong: change to 2016?',
      proposed: '2016-06-01T15:30:06Z',
    });
    expect(parseAiringInstant('0016-06-01T15:30:06Z', null, NY, true)).toBe(
      utc('2016-06-01T15:30:06Z'),
    );
  });

  test('proposes 20XX for a 19XX year', () => {
    expect(parseAiringInstant('6/1/1916', '8:00', NY, false)).toMatchObject({
      proposed: '6/1/2016',
    });
  });

  test.each([
    ['', null, 'Date is blank.'],
    ['June first', null, 'Unreadable date "June first" (use YYYY-MM-DD or M/D/YYYY).'],
    ['2016-02-30', '8:00', 'Invalid date "2016-02-30".'],
    ['2016-06-01', null, 'Time is missing.'],
    ['2016-06-01', '25:00', 'Unreadable time "25:00".'],
  ])('rejects %j %j', (date, time, message) => {
    expect(parseAiringInstant(date, time, NY, false)).toEqual({ error: message });
  });
});

describe('cell parsers', () => {
  test.each([
    [':30', 30],
    ['30', 30],
    ['0:30', 30],
    ['1:00', 60],
    ['15 sec', 15],
    ['', 0],
  ])('length %j is %d seconds', (text, seconds) => {
    expect(parseLength(text)).toBe(seconds);
  });

  test.each([
    ['$1,234.50', 123450],
    ['85', 8500],
    ['0.1', 10],
    ['', null],
  ])('cost %j is %j cents', (text, cents) => {
    expect(parseCostCents(text)).toBe(cents);
  });

  test('negative cost is an error', () => {
    expect(parseCostCents('-5')).toEqual({ error: 'Cost cannot be negative (-5).' });
  });

  test.each([
    ['broadcast_tv', ['tv', false]],
    ['National Cable', ['cable', true]],
    ['FM', ['radio', false]],
    ['CTV', ['streaming', false]],
    ['ott', ['streaming', false]],
    ['Podcast', ['podcast', false]],
  ])('station type %j normalises to %j', (text, expected) => {
    expect(parseStationType(text)).toEqual(expected);
  });

  test('12h times', () => {
    expect(parseTimeOfDay('12:15 PM')).toEqual([12, 15, 0]);
    expect(parseTimeOfDay('12:15 am')).toEqual([0, 15, 0]);
    expect(parseTimeOfDay('9p')).toEqual([21, 0, 0]);
  });
});
