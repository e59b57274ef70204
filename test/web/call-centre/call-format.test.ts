import { describe, expect, test } from 'vitest';
import {
  callAbbreviate,
  dayMdy,
  marketLabel,
  sizeLabel,
  spendText,
  todayIso,
  tomorrowIso,
} from '../../../web/src/call-centre/call-format';
import { callScript } from '../../../web/src/call-centre/call-script';
import { makeRecord } from './call-centre-fixtures';

describe('call-centre number abbreviation (spec §9)', () => {
  test.each([
    [0, '0'],
    [Number.NaN, '0'],
    [999, '999'],
    [1000, '1k'],
    [1540, '1.5k'],
    [999_960, '1m'],
    [2_500_000, '2.5m'],
    [3_000_000_000, '3b'],
    [2e12, '1t+'],
  ])('%d → %s', (value, expected) => {
    expect(callAbbreviate(value)).toBe(expected);
  });
});

describe('display helpers', () => {
  test('spend is dollars from cents, n/a without costs', () => {
    expect(spendText(123456)).toBe('$1,234.56');
    expect(spendText(null)).toBe('n/a');
  });

  test('sizes read Small … XL', () => {
    expect(sizeLabel('small')).toBe('Small');
    expect(sizeLabel('xl')).toBe('XL');
  });

  test('tomorrow is the next local calendar day, across a month end', () => {
    expect(tomorrowIso(new Date(2025, 11, 31, 23, 30))).toBe('2026-01-01');
  });

  test('markets show the lookup name when there is one', () => {
    const names = new Map([['501', 'New York']]);
    expect(marketLabel('501', names)).toBe('501 New York');
    expect(marketLabel('602', names)).toBe('602');
  });
});

describe('call script', () => {
  test('has the four parts, each several paragraphs, using the advertiser and its stations', () => {
    const parts = callScript(makeRecord(), ['New York']);

    expect(parts.map((p) => p.title)).toEqual([
      'Introduction',
      'Objections',
      'Voicemail',
      'Car dealer short script',
    ]);
    for (const part of parts) expect(part.blocks.length).toBeGreaterThanOrEqual(3);
    const intro = parts[0]?.blocks.map((b) => b.text).join(' ') ?? '';
    expect(intro).toContain('Acme Motors');
    expect(intro).toContain('WABC and WNBC');
    expect(intro).toContain('$99.99 a month per region');
  });
});

describe('follow-up days', () => {
  test('today is the local calendar day, late at night too', () => {
    expect(todayIso(new Date(2025, 2, 9, 23, 59))).toBe('2025-03-09');
  });

  test.each([
    ['2025-03-07', '3/7/2025'],
    ['2024-12-31', '12/31/2024'],
    ['soon', 'soon'],
  ])('shows %s as %s', (day, shown) => {
    expect(dayMdy(day)).toBe(shown);
  });
});
