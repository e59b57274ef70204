import { describe, expect, test } from 'vitest';
import { matchHeaders, normaliseHeader } from '../../../../lambdas/imports/core/header-match';

const AIRINGS_HEADER =
  'airing_id,station,station_type,dma_code,dma_name,program,program_type,start_utc,end_utc,duration_s,start_local,tz,creative_id,beneficiary'.split(
    ',',
  );

describe('matchHeaders', () => {
  test('maps the political airings header with no override, UTC start and DMA code preferred', () => {
    const { mapping, missing } = matchHeaders(AIRINGS_HEADER);

    expect(missing).toEqual([]);
    expect(mapping).toMatchObject({
      airing_id: 'airing_id',
      station: 'station',
      station_type: 'station_type',
      market: 'dma_code',
      date: 'start_utc',
      time: null,
      creative: 'creative_id',
      length: 'duration_s',
      program: 'program',
      timezone: 'tz',
      advertiser: null,
      cost: null,
    });
  });

  test.each([
    ['Call Letters', 'station'],
    ['CALLSIGN', 'station'],
    ['Air Date', 'date'],
    ['Air-Time', 'time'],
    ['ISCI', 'creative'],
    ['Spot Length', 'length'],
    [':sec', 'length'],
    ['Gross', 'cost'],
    ['Metro', 'market'],
    ['Time Zone', 'timezone'],
  ])('recognises the synonym "%s" as %s', (header, field) => {
    const { mapping } = matchHeaders([header]);

    expect(mapping[field as keyof typeof mapping]).toBe(header);
  });

  test('a user override wins over the automatic match', () => {
    const { mapping } = matchHeaders(['Station', 'Date', 'DMA', 'Spot'], {
      creative: 'Spot',
      market: null,
    });

    expect(mapping.creative).toBe('Spot');
    expect(mapping.market).toBeNull();
  });

  test('reports required fields without a column', () => {
    const { missing } = matchHeaders(['Program', 'Cost']);

    expect(missing).toEqual(['station', 'date', 'market']);
  });

  test('normalises case, spaces, dashes and underscores alike', () => {
    expect(normaliseHeader('  Air  Date ')).toBe('air_date');
    expect(normaliseHeader('AIR-DATE')).toBe('air_date');
  });
});
