/**
 * Reading CSV records that have quotes (RFC 4180: `""` escapes a quote, a quoted cell may hold
 * commas and line breaks), for the readers of csv-records.ts and csv-bytes.ts.
 */

/** A record being read cell by cell because it has quotes (it may span chunks and lines). */
export interface QuotedRecord {
  fields: string[];
  field: string;
  inQuotes: boolean;
  /** Inside quotes, the last character seen was a quote: `""` (a quote) or the closing one. */
  quoteSeen: boolean;
}

/** A record with quotes whose text before its first quote gave `cells` (the last one open). */
export function startQuotedRecord(cells: string[]): QuotedRecord {
  const field = cells.pop() ?? '';
  return { fields: cells, field, inQuotes: false, quoteSeen: false };
}

/** The cells of a record whose text ended before its line break (a trailing CR dropped). */
export function lastQuotedFields(q: QuotedRecord): string[] {
  q.fields.push(!q.inQuotes && q.field.endsWith('\r') ? q.field.slice(0, -1) : q.field);
  return q.fields;
}

/**
 * Reads `text` from `i` into `q`, in one pass, up to the record's line break outside quotes
 * (`done`: `q.fields` holds the whole record, its trailing CR dropped) or to the end of `text`
 * (the record waits for the next chunk). After each step `fits(q)` is asked whether the record
 * is still within the reader's limits; on false the reading stops at the end of `text`.
 * @returns where the reading stopped, whether the record ended, and the characters examined.
 */
export function readQuotedRecord(
  q: QuotedRecord,
  text: string,
  i: number,
  fits: (q: QuotedRecord) => boolean,
): { next: number; done: boolean; scanned: number } {
  const n = text.length;
  let scanned = 0;
  let j = i;
  while (j < n) {
    if (q.inQuotes && q.quoteSeen) {
      q.quoteSeen = false;
      if (text.charCodeAt(j) !== 34) {
        q.inQuotes = false;
        continue;
      }
      q.field += '"';
      scanned++;
      j++;
    } else if (q.inQuotes) {
      const close = text.indexOf('"', j);
      const stop = close < 0 ? n : close;
      q.field += text.slice(j, stop);
      scanned += stop - j;
      if (close >= 0) {
        q.quoteSeen = true;
        scanned++;
      }
      j = stop + 1;
    } else {
      let k = j;
      let c = 0;
      for (; k < n; k++) {
        c = text.charCodeAt(k);
        if (c === 44 || c === 34 || c === 10) break;
      }
      q.field += text.slice(j, k);
      scanned += k - j;
      if (k < n) scanned++;
      j = k + 1;
      if (k === n) j = n;
      else if (c === 34) q.inQuotes = true;
      else if (c === 44) {
        q.fields.push(q.field);
        q.field = '';
      } else {
        q.fields.push(q.field.endsWith('\r') ? q.field.slice(0, -1) : q.field);
        return { next: j, done: true, scanned };
      }
    }
    if (!fits(q)) return { next: n, done: false, scanned };
  }
  return { next: Math.min(j, n), done: false, scanned };
}

/** The cells of one CSV record with quoted cells (`""` escapes a quote); a trailing CR dropped. */
export function parseQuoted(line: string): string[] {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}
