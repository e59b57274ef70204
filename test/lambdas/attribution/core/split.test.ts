import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { NATIONAL } from '../../../../lambdas/attribution/core/types';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

// Three weeks of a flat 10 visits/minute; the overlap sits in week 3 at 12:00 (minute m0).
const LEN = 3 * WEEK_MIN;
const m0 = 2 * WEEK_MIN + 12 * 60;

function overlapScenario(
  windowMinutes: number,
  impressions: (number | null)[] = [null, null, null],
  split: 'equal' | 'response' = 'equal',
) {
  const x = constant(LEN, 10);
  // 6 extra visits in every minute any of the three windows covers.
  for (let t = m0; t < m0 + 9 + windowMinutes; t++) x[t] = 16;
  const airings = [0, 5, 9].map((off, i) =>
    airing({
      id: `a${i}`,
      startUtc: T0 + (m0 + off) * MIN + 20,
      impressions: impressions[i] ?? null,
    }),
  );
  return attribute(airings, minuteVisits(LEN, { '501': x }), { windowMinutes, split });
}

describe('equal overlap split (method note §5.4 scenario 2)', () => {
  test('10-minute window: +0/+5/+9 airings get 44, 29 and 41 of the 114 excess visits', () => {
    // Minutes 0-4 A alone (5×6), 5-8 A+B (4×3 each), 9 A+B+C (2 each), 10-14 B+C (5×3), 15-18 C (4×6).
    const r = overlapScenario(10);

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [44, 29, 41].map((v) => expect.closeTo(v, 9)),
    );
    // Shares of the 19 minutes: A 5 + 4/2 + 1/3, B 4/2 + 1/3 + 5/2, C 1/3 + 5/2 + 4, at 10 visits/min.
    expect(r.airings.map((a) => a.expected)).toEqual(
      [220 / 3, 145 / 3, 205 / 3].map((v) => expect.closeTo(v, 9)),
    );
    expect(r.campaign.attributedVisits).toBeCloseTo(114, 9);
  });

  test('8-minute window: the same airings get 39, 27 and 36', () => {
    // A 0-7, B 5-12, C 9-16: 0-4 A, 5-7 A+B, 8 B, 9-12 B+C, 13-16 C.
    const r = overlapScenario(8);

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [39, 27, 36].map((v) => expect.closeTo(v, 9)),
    );
  });

  test('impressions on every airing weight the split (100/300/100 → 37.2, 44.1, 32.7)', () => {
    const r = overlapScenario(10, [100, 300, 100]);

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [37.2, 44.1, 32.7].map((v) => expect.closeTo(v, 9)),
    );
  });

  test('a missing impression figure falls back to the equal split', () => {
    const r = overlapScenario(10, [100, null, 100]);

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [44, 29, 41].map((v) => expect.closeTo(v, 9)),
    );
  });

  test('the response split gives airings of one station the same numbers as the equal split', () => {
    // One station, one daypart: every airing expects the same response.
    const r = overlapScenario(10, [null, null, null], 'response');

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [44, 29, 41].map((v) => expect.closeTo(v, 9)),
    );
  });

  test('impressions weight the response split too (100/300/100 → 37.2, 44.1, 32.7)', () => {
    const r = overlapScenario(10, [100, 300, 100], 'response');

    expect(r.airings.map((a) => a.attributed)).toEqual(
      [37.2, 44.1, 32.7].map((v) => expect.closeTo(v, 9)),
    );
  });
});

describe('geography', () => {
  test('a local airing in DMA X gets nothing when the visits come only from DMA Y', () => {
    const y = constant(LEN, 10);
    for (let t = m0; t < m0 + 8; t++) y[t] = 30;
    const visits = minuteVisits(LEN, { '602': y });

    const r = attribute([airing({ id: 'x', market: '501', startUtc: T0 + m0 * MIN })], visits);

    expect(r.airings[0]).toMatchObject({
      observed: 0,
      expected: 0,
      attributed: 0,
      significant: false,
    });
  });

  test('a national and a local airing share the DMA minutes and every visit is credited once', () => {
    const a = constant(LEN, 10);
    const b = constant(LEN, 10);
    for (let t = m0; t < m0 + 8; t++) a[t] = 14; // 4 extra/min in DMA 501 (shared minutes)
    for (let t = m0; t < m0 + 8; t++) b[t] = 12; // 2 extra/min in DMA 602 (national only)
    const visits = minuteVisits(LEN, { '501': a, '602': b });
    const airings = [
      airing({ id: 'local', market: '501', startUtc: T0 + m0 * MIN }),
      airing({ id: 'nat', market: NATIONAL, startUtc: T0 + m0 * MIN }),
    ];

    const r = attribute(airings, visits, { split: 'equal' });

    // Local keeps half of DMA 501's 32 excess; national gets the other 16 plus DMA 602's 16.
    expect(r.airings[0]?.attributed).toBeCloseTo(16, 9);
    expect(r.airings[1]?.attributed).toBeCloseTo(32, 9);
    expect(r.campaign.attributedVisits).toBeCloseTo(48, 9);
  });
});

describe('signed estimates', () => {
  test('a dip below the baseline stays negative and lowers the campaign sum', () => {
    const x = constant(LEN, 10);
    for (let t = m0; t < m0 + 8; t++) x[t] = 20;
    const later = m0 + 120;
    for (let t = later; t < later + 8; t++) x[t] = 7;
    const airings = [
      airing({ id: 'up', startUtc: T0 + m0 * MIN }),
      airing({ id: 'down', startUtc: T0 + later * MIN }),
    ];

    const r = attribute(airings, minuteVisits(LEN, { '501': x }));

    expect(r.airings[1]?.attributed).toBeCloseTo(-24, 9);
    expect(r.campaign.attributedVisits).toBeCloseTo(80 - 24, 9);
    expect(r.airings[1]?.pValue).toBeGreaterThan(0.99);
    expect(r.airings[1]?.significant).toBe(false);
  });
});
