import { describe, expect, test } from 'vitest';
import { MAX_QUOTED_CHARS, quoteCell } from '../../../../lambdas/imports/core/quote-cell';

describe('quoteCell', () => {
  test.each([
    ['a short cell whole', 'WABC', '"WABC"'],
    ['an empty cell', '', '""'],
    ['exactly 80 characters whole', 'x'.repeat(80), `"${'x'.repeat(80)}"`],
    ['81 characters cut to 80 with an ellipsis', 'x'.repeat(81), `"${'x'.repeat(80)}…"`],
    ['line breaks and tabs escaped', 'a\r\nb\tc', '"a\\r\\nb\\tc"'],
    ['other controls as code points', 'a\u0000b\u001bc\u007f', '"a\\u{0}b\\u{1b}c\\u{7f}"'],
    ['bidi overrides visible', 'abc\u202edef', '"abc\\u{202e}def"'],
    ['a line separator visible', 'a\u2028b', '"a\\u{2028}b"'],
  ])('%s', (_, cell, quoted) => {
    expect(quoteCell(cell)).toBe(quoted);
  });

  test('a 1 MB cell of line breaks still quotes at most 80 characters', () => {
    const quoted = quoteCell('\n'.repeat(1 << 20));

    expect(quoted).toBe(`"${'\\n'.repeat(40)}…"`);
    expect(quoted.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS + 3);
  });

  test('never splits an emoji in half', () => {
    const quoted = quoteCell('😀'.repeat(50));

    expect(quoted).toBe(`"${'😀'.repeat(40)}…"`);
  });
});
