/**
 * A small, fast RFC 4180 reader for Athena's result files (every value double-quoted, `""`
 * escapes a quote, NULL written as an empty unquoted field). Calls `onRow` with each record's
 * fields; the array is reused between calls, so copy what you keep.
 */
export function forEachCsvRow(text: string, onRow: (fields: string[]) => void): void {
  const fields: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    fields.length = 0;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34) {
        let j = i + 1;
        let out = '';
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw new SyntaxError('CSV: unterminated quoted field');
          out += text.slice(j, q);
          if (text.charCodeAt(q + 1) === 34) {
            out += '"';
            j = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        value = out;
      } else {
        let j = i;
        while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
        value = text.slice(i, j);
        i = j;
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      break;
    }
    onRow(fields);
  }
}

/** {@link forEachCsvRow} past the first record: the header of column names Athena writes. */
export function forEachCsvDataRow(text: string, onRow: (fields: string[]) => void): void {
  let header = true;
  forEachCsvRow(text, (fields) => {
    if (header) header = false;
    else onRow(fields);
  });
}
