import { describe, expect, test } from 'vitest';
import { airingKey } from '../../../../lambdas/imports/core/airing-key';

describe('airingKey', () => {
  test('keeps the keys airings were stored under (re-imports find them)', () => {
    expect([
      airingKey('WABC', 1464795000, '501', 'AC1'),
      airingKey(' wabc ', 1464795000, '501', 'AC1'),
      airingKey('CNN', 1464795000, 'national', null),
      airingKey('Ünï', -86400, '807', ''),
    ]).toEqual(KEYS);
  });
});

const KEYS = ['df77d567462ad469', 'df77d567462ad469', 'b62ffe86330fa1c8', 'b09a5af6e3b19e34'];
