import { parseQuoted } from './csv-quoted';
import {
  type CsvLimitBreak,
  type CsvLimits,
  csvLimitMessage,
  ImportLimitError,
  UPLOAD_CSV_LIMITS,
} from './limits';

/**
 * Calls `onLine` with each non-blank line of a stream of text or UTF-8 byte chunks (a leading BOM
 * and each line's CR removed) until it returns false. Quotes are not interpreted: for files whose
 * cells cannot hold line breaks, read millions of lines without a per-line array. Each
 * character is searched once (an unfinished line waits in `rest` and is never searched again).
 * @param limits checked on every line (cells split at commas, or as a quoted record when the
 *   line has quotes). @default UPLOAD_CSV_LIMITS
 * @returns false when `onLine` stopped the reading.
 * @throws ImportLimitError naming the limit and the 1-based data row (0 = the first line).
 */
export async function eachLine(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string>,
  onLine: (line: string) => boolean,
  limits: CsvLimits = UPLOAD_CSV_LIMITS,
): Promise<boolean> {
  const decoder = new TextDecoder('utf-8');
  const maxLine = limits.maxColumns * (limits.maxCell + 1);
  const shortest = Math.min(limits.maxCell, limits.maxColumns);
  let rest = '';
  let started = false;
  let passed = 0;
  const refuse = (line: string) => {
    const brk = lineLimitBreak(line, limits) ?? { limit: 'cell' as const, inQuotes: false };
    return new ImportLimitError(csvLimitMessage(brk, passed, limits));
  };
  const emit = (line: string): boolean => {
    if (isBlankLine(line)) return true;
    // Only a line longer than the column limit or the cell limit can break one.
    if (line.length > shortest && lineLimitBreak(line, limits)) throw refuse(line);
    passed++;
    return onLine(line);
  };
  const feed = (chunk: string, last: boolean): boolean => {
    let text = chunk;
    if (!started && text.length > 0) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      let line = text.slice(start, nl);
      if (start === 0 && rest) {
        line = rest + line;
        rest = '';
      }
      start = nl + 1;
      if (!emit(line.endsWith('\r') ? line.slice(0, -1) : line)) return false;
    }
    rest += text.slice(start);
    if (rest.length > maxLine) throw refuse(rest);
    if (!last) return true;
    const tail = rest.endsWith('\r') ? rest.slice(0, -1) : rest;
    rest = '';
    return emit(tail);
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (!feed(text, false)) return false;
  }
  return feed(decoder.decode(), true);
}

/** The limit a whole line breaks, or null (cells split at commas; quoted cells read as such). */
function lineLimitBreak(line: string, limits: CsvLimits): CsvLimitBreak | null {
  const cells = line.includes('"') ? parseQuoted(line) : line.split(',');
  if (cells.length > limits.maxColumns) return { limit: 'columns', inQuotes: false };
  if (cells.some((c) => c.length > limits.maxCell)) return { limit: 'cell', inQuotes: false };
  return null;
}

const isBlankLine = (line: string) =>
  line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '');
