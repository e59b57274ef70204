/** Most characters of a file's value an error message quotes (the rest becomes an ellipsis). */
export const MAX_QUOTED_CHARS = 80;

/** Names of the control characters an uploaded cell most often carries. */
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * C0/C1 controls, DEL, and the invisible characters that reorder or break a line on screen
 * (line/paragraph separators, bidi embeddings, overrides and isolates, BOM).
 */
function unsafe(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0xfeff
  );
}

/**
 * A value from an uploaded file as an error message shows it: in double quotes, control and
 * direction characters written as `\n`, `\r`, `\t` or `\u{hex}` (so a cell cannot break,
 * reorder or flood the message), and at most `max` characters of that text (whole code points
 * and whole escapes) followed by `…` when the cell is longer. A row's error never quotes a whole
 * line: callers pass the one offending cell.
 * @param max @default MAX_QUOTED_CHARS (80)
 */
export function quoteCell(value: string, max = MAX_QUOTED_CHARS): string {
  let shown = '';
  let cut = false;
  for (const c of value) {
    const cp = c.codePointAt(0)!;
    const text = unsafe(cp) ? (NAMED[c] ?? `\\u{${cp.toString(16)}}`) : c;
    if (shown.length + text.length > max) {
      cut = true;
      break;
    }
    shown += text;
  }
  return `"${shown}${cut ? '…' : ''}"`;
}
