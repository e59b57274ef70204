import { IMPORT_LIMITS } from '#shared/contracts/import-limits';

/**
 * A file past one of the upload limits (IMPORT_LIMITS): the whole file is refused and the job
 * fails with this message, which names the limit (and the row, when one row broke it). Nothing
 * of the file is applied.
 */
export class ImportLimitError extends Error {
  override name = 'ImportLimitError';
}

/** Limits of the CSV reader; Infinity turns one off (the terminal tools). */
export interface CsvLimits {
  /** Longest cell, characters. @default IMPORT_LIMITS.maxCellChars (4,096: 4 KB) */
  maxCell: number;
  /** Most columns of a record. @default IMPORT_LIMITS.maxColumns (200) */
  maxColumns: number;
}

/** The upload limits of every CSV the import worker reads. */
export const UPLOAD_CSV_LIMITS: CsvLimits = {
  maxCell: IMPORT_LIMITS.maxCellChars,
  maxColumns: IMPORT_LIMITS.maxColumns,
};

/** No limit: the terminal tools and trusted files (the reader stays linear anyway). */
export const NO_CSV_LIMITS: CsvLimits = { maxCell: Infinity, maxColumns: Infinity };

/** Which limit a record broke, and whether a quote was open when it did. */
export interface CsvLimitBreak {
  limit: 'cell' | 'columns';
  /** The cell grew inside quotes: most likely a quote was never closed. */
  inQuotes: boolean;
}

/**
 * The message of a broken CSV limit at a 1-based data row (0 = the header).
 */
export function csvLimitMessage(brk: CsvLimitBreak, row: number, limits: CsvLimits): string {
  const where = row === 0 ? 'The header' : `Row ${row}`;
  if (brk.limit === 'columns') return `${where} has more than ${limits.maxColumns} columns.`;
  const kb = Number((limits.maxCell / 1024).toFixed(1));
  const open = brk.inQuotes ? ': is a quote (") left open?' : '.';
  return `${where} has a cell longer than ${kb} KB (${limits.maxCell.toLocaleString('en-US')} characters)${open}`;
}
