import { parquetMetadata, parquetRead } from 'hyparquet';
import { readFlatColumns, type TextColumn, UnsupportedParquetLayout } from './parquet-flat-columns';

/** Columns read from UNLOAD objects: `n` rows, numbers by name, texts by name. */
export type ReadColumns = {
  n: number;
  num: Record<string, Float64Array>;
  str: Record<string, string[]>;
};

/**
 * Reads the named columns of Parquet objects (one after the other) into columns: `numbers` as
 * Float64Array (null reads as NaN), `texts` as string arrays (null reads as ''). The pages are
 * decoded straight into typed arrays (readFlatColumns, about 3x faster than hyparquet's own
 * reader on a few million visit rows) when every object is laid out as that reader reads
 * (Athena's Snappy UNLOAD is); otherwise hyparquet's reader reads them all.
 */
export async function readColumns(
  files: readonly ArrayBuffer[],
  numbers: readonly string[],
  texts: readonly string[],
): Promise<ReadColumns> {
  return readFlat(files, numbers, texts) ?? (await readRows(files, numbers, texts));
}

/** {@link readColumns} through readFlatColumns; null when an object is laid out otherwise. */
function readFlat(
  files: readonly ArrayBuffer[],
  numbers: readonly string[],
  texts: readonly string[],
): ReadColumns | null {
  try {
    const bytes = files.map((file) => new Uint8Array(file));
    const metas = bytes.map((b) => parquetMetadata(b));
    const n = metas.reduce((s, m) => s + Number(m.num_rows), 0);
    const num: Record<string, Float64Array> = {};
    const str: Record<string, string[]> = {};
    const numberTargets = numbers.map((name) => {
      num[name] = new Float64Array(n);
      return num[name];
    });
    const codes = texts.map(() => new Int32Array(n));
    for (const name of texts) str[name] = new Array<string>(n);
    const request = { numbers: numbers.map((name) => ({ name, nullAs: Number.NaN })), texts };
    let at = 0;
    for (const [i, file] of bytes.entries()) {
      const into = { numbers: numberTargets, texts: codes, at };
      const read = readFlatColumns(file, request, into, metas[i]);
      for (const [k, name] of texts.entries()) {
        const column = read.texts[k] as TextColumn;
        const out = str[name] as string[];
        for (let r = 0; r < read.rows; r++) {
          const code = column.codes[r] as number;
          out[at + r] = code < 0 ? '' : (column.texts[code] as string);
        }
      }
      at += read.rows;
    }
    return { n, num, str };
  } catch (error) {
    if (error instanceof UnsupportedParquetLayout) return null;
    throw error;
  }
}

/** {@link readColumns} through hyparquet's reader: column chunks copied as it decodes them. */
async function readRows(
  files: readonly ArrayBuffer[],
  numbers: readonly string[],
  texts: readonly string[],
): Promise<ReadColumns> {
  const metas = files.map((file) => parquetMetadata(file));
  const n = metas.reduce((s, m) => s + Number(m.num_rows), 0);
  const num: Record<string, Float64Array> = {};
  const str: Record<string, string[]> = {};
  for (const name of numbers) num[name] = new Float64Array(n);
  for (const name of texts) str[name] = new Array<string>(n).fill('');
  let base = 0;
  for (const [i, file] of files.entries()) {
    const metadata = metas[i] as (typeof metas)[number];
    const at = base;
    await parquetRead({
      file,
      metadata,
      columns: [...numbers, ...texts],
      onChunk: ({ columnName, columnData, rowStart, rowEnd }) => {
        const count = Math.min(rowEnd - rowStart, columnData.length);
        const numeric = num[columnName];
        if (numeric) {
          for (let r = 0; r < count; r++) {
            const v = columnData[r];
            numeric[at + rowStart + r] = v === null || v === undefined ? Number.NaN : Number(v);
          }
          return;
        }
        const text = str[columnName];
        if (text) {
          for (let r = 0; r < count; r++) {
            const v = columnData[r];
            text[at + rowStart + r] = v === null || v === undefined ? '' : String(v);
          }
        }
      },
    });
    base += Number(metadata.num_rows);
  }
  return { n, num, str };
}
