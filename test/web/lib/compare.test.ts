import { describe, expect, test } from 'vitest';
import { changeTone } from '../../../web/src/lib/compare';

describe('the tone of a change against the comparison period', () => {
  test('tones flip where lower is better; tiny changes are flat', () => {
    expect(changeTone(0.2, 'up')).toBe('good');
    expect(changeTone(0.2, 'down')).toBe('bad');
    expect(changeTone(-0.2, 'down')).toBe('good');
    expect(changeTone(0.001, 'up')).toBe('flat');
    expect(changeTone(null, 'up')).toBe('flat');
  });
});
