import { describe, expect, test } from 'vitest';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import {
  decodeDigital,
  decodeVisits,
  encodeDigital,
  encodeVisits,
} from '../../../../lambdas/reports/core/visit-codec';
import { dmaCodesOf } from '../fakes';

describe('visit codec', () => {
  test('round-trips buckets, DMA codes (unknown included) and fractional values', () => {
    const cols = {
      bucketUtc: Float64Array.of(1_709_560_800, 1_709_560_860, 1_709_560_860),
      ...dmaDictionary(['501', '', '803']),
      values: Float64Array.of(3, 0.5, 12),
    };

    const back = decodeVisits(encodeVisits(cols));

    expect(Array.from(back.bucketUtc)).toEqual([1_709_560_800, 1_709_560_860, 1_709_560_860]);
    expect(dmaCodesOf(back)).toEqual(['501', '', '803']);
    expect(Array.from(back.values)).toEqual([3, 0.5, 12]);
  });

  test('round-trips no rows', () => {
    const back = decodeVisits(
      encodeVisits({
        bucketUtc: new Float64Array(0),
        ...dmaDictionary([]),
        values: new Float64Array(0),
      }),
    );

    expect(back.bucketUtc.length).toBe(0);
    expect(dmaCodesOf(back)).toEqual([]);
  });

  test('keeps the dictionary-coded DMAs as they come, unused codes included', () => {
    const back = decodeVisits(
      encodeVisits({
        bucketUtc: Float64Array.of(60, 120),
        dmaIndex: Int32Array.of(501, 0),
        dmaCodes: Array.from({ length: 502 }, (_, k) => (k === 0 ? '' : String(k))),
        values: Float64Array.of(1, 2),
      }),
    );

    expect(dmaCodesOf(back)).toEqual(['501', '']);
    expect(back.dmaCodes.length).toBe(502);
  });

  test('rejects a row whose DMA index is not one of the codes', () => {
    expect(() =>
      encodeVisits({
        bucketUtc: Float64Array.of(60),
        dmaIndex: Int32Array.of(2),
        dmaCodes: ['', '501'],
        values: Float64Array.of(1),
      }),
    ).toThrow('encodeVisits: row 0 has dmaIndex 2, not one of 2 codes');
  });

  test('rejects truncated bytes', () => {
    const bytes = encodeVisits({
      bucketUtc: Float64Array.of(60),
      ...dmaDictionary(['501']),
      values: Float64Array.of(1),
    });

    expect(() => decodeVisits(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError);
  });

  test('round-trips the Pro Digital columns, not measured (NaN) included', () => {
    const cols = {
      bucketUtc: Float64Array.of(1_709_560_800, 1_709_560_860),
      ...dmaDictionary(['501', '']),
      sessions: Float64Array.of(4, 2),
      newUsers: Float64Array.of(1, 0.5),
      engagedSessions: Float64Array.of(3, Number.NaN),
      engagementS: Float64Array.of(120, Number.NaN),
    };

    const back = decodeDigital(encodeDigital(cols));

    expect(dmaCodesOf(back)).toEqual(['501', '']);
    expect(Array.from(back.bucketUtc)).toEqual([1_709_560_800, 1_709_560_860]);
    expect(Array.from(back.sessions)).toEqual([4, 2]);
    expect(Array.from(back.newUsers)).toEqual([1, 0.5]);
    expect(Array.from(back.engagedSessions)).toEqual([3, Number.NaN]);
    expect(Array.from(back.engagementS)).toEqual([120, Number.NaN]);
  });

  test('a visits object is not read as Pro Digital, nor the other way round', () => {
    const visits = encodeVisits({
      bucketUtc: Float64Array.of(60),
      ...dmaDictionary(['501']),
      values: Float64Array.of(1),
    });
    const digital = encodeDigital({
      bucketUtc: Float64Array.of(60),
      ...dmaDictionary(['501']),
      sessions: Float64Array.of(1),
      newUsers: Float64Array.of(1),
      engagedSessions: Float64Array.of(1),
      engagementS: Float64Array.of(1),
    });

    expect(() => decodeDigital(visits)).toThrow('decodeDigital: wrong column count');
    expect(() => decodeVisits(digital)).toThrow('decodeVisits: wrong length');
  });
});
