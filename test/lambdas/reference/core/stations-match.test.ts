import { describe, expect, test } from 'vitest';
import { callBase } from '#shared/reference/call-sign';
import { buildStations } from '../../../../lambdas/reference/core/stations-build';
import { matchStation } from '../../../../lambdas/reference/core/stations-match';
import { PLACE, SAMPLE_SOURCES } from '../station-samples';

const LIST = buildStations(SAMPLE_SOURCES, PLACE);

describe('call-sign matching', () => {
  test.each([
    ['WPVI-TV', 'WPVI'],
    ['wpvi-dt', 'WPVI'],
    ['KYW-AM', 'KYW'],
    ['WXYZ-FM-HD2', 'WXYZ'],
    ['KRFH (FM)', 'KRFH'],
    ['WVOC[4]', 'WVOC'],
    ['KCNS-LP', 'KCNS'],
    ['CNNW', 'CNNW'],
  ])('the base of %s is %s', (raw, base) => {
    expect(callBase(raw)).toBe(base);
  });

  test('a post-log call sign with or without its service suffix finds the station', () => {
    expect(matchStation(LIST, 'WPVI-TV', '504', 'tv')?.id).toBe('tv:WPVI');
    expect(matchStation(LIST, 'wpvi', null, null)?.id).toBe('tv:WPVI');
    expect(matchStation(LIST, 'WIP', '504', 'radio')?.id).toBe('radio:WIP-FM');
    expect(matchStation(LIST, 'CNNW', 'NATIONAL', 'cable')?.id).toBe('cable:CNNW');
  });

  test('a call sign shared by a TV and a radio station of one market is told apart by type', () => {
    expect(matchStation(LIST, 'KYW', '504', 'tv')?.id).toBe('tv:KYW');
    expect(matchStation(LIST, 'KYW', '504', 'radio')?.id).toBe('radio:KYW');
  });

  test('a TV airing is never filed under a radio station sharing its call letters', () => {
    const radioOnly = LIST.filter((s) => s.type === 'radio');

    expect(matchStation(radioOnly, 'KYW', '504', 'tv')).toBeNull();
    expect(matchStation(radioOnly, 'WPVI', '504', 'tv')).toBeNull();
  });

  test('the same market is preferred over another market', () => {
    expect(matchStation(LIST, 'WABC', '501', 'tv')?.id).toBe('tv:WABC');
  });

  test('an ambiguous call sign is left unmatched rather than guessed', () => {
    // WKRP-AM and WKRP-FM share a base, market and type: which one aired is unknowable.
    expect(matchStation(LIST, 'WKRP', '515', 'radio')).toBeNull();
    expect(matchStation(LIST, 'KYW', '504', null)).toBeNull();
  });

  test('a call sign not in the list, or nothing, is unmatched', () => {
    expect(matchStation(LIST, 'KXYZ', '501', 'tv')).toBeNull();
    expect(matchStation(LIST, '  ', null, null)).toBeNull();
    expect(matchStation([], 'WPVI', '504', 'tv')).toBeNull();
  });
});
