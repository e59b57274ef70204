import { describe, expect, test } from 'vitest';
import { modeColumns, modeSortKey, parseVpaMode, VPA_MODES } from '../../../web/src/lib/vpa-mode';

describe('VPA display modes (spec §3 Settings vpa)', () => {
  test.each([
    ['vpa', true, { vpa: true, contribution: false, shareVpa: false }],
    ['contribution', true, { vpa: false, contribution: true, shareVpa: false }],
    ['share_vpa', true, { vpa: false, contribution: false, shareVpa: true }],
    ['share_vpa', false, { vpa: true, contribution: false, shareVpa: false }],
    ['both_vpa', true, { vpa: true, contribution: false, shareVpa: true }],
    ['both_vpa', false, { vpa: true, contribution: false, shareVpa: false }],
    ['both', true, { vpa: true, contribution: true, shareVpa: false }],
    ['auto', true, { vpa: true, contribution: true, shareVpa: true }],
    ['auto', false, { vpa: true, contribution: true, shareVpa: false }],
  ] as const)('%s with shares=%s shows %j', (mode, withShares, expected) => {
    expect(modeColumns(mode, withShares)).toEqual(expected);
  });

  test('every mode keeps at least one response column', () => {
    for (const mode of VPA_MODES) {
      for (const withShares of [true, false]) {
        const c = modeColumns(mode, withShares);
        expect(c.vpa || c.contribution || c.shareVpa).toBe(true);
      }
    }
  });

  test('contribution mode sorts by contribution; the others by VPA or its share', () => {
    expect(modeSortKey('contribution')).toBe('contribution');
    expect(modeSortKey('share_vpa')).toBe('visitsper_share');
    expect(modeSortKey('auto')).toBe('visitsper');
    expect(modeSortKey('both')).toBe('visitsper');
  });

  test('unknown text is not a mode', () => {
    expect(parseVpaMode('both_vpa')).toBe('both_vpa');
    expect(parseVpaMode('VPA')).toBeUndefined();
    expect(parseVpaMode(null)).toBeUndefined();
  });
});
