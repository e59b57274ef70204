const MB = 1024 * 1024;

/**
 * What an upload may hold. Each is checked when the upload starts (create_upload's size, and the
 * presigned POST policy's content-length-range that S3 enforces) and again by the import worker
 * (the object's size, the bytes streamed, the rows, every cell and every record's columns), so a
 * file past one is refused with a message naming it, and no file can make the reader slow.
 * A module of its own, without zod, so a reader thread can know the limits without loading the
 * contracts' schemas (postlog.schema.ts re-exports it).
 */
export const IMPORT_LIMITS = {
  /** Bytes of the file, per kind. */
  maxBytes: { postlog: 50 * MB, visits: 500 * MB, foot_traffic: 500 * MB },
  /** Data rows of a post-log (the header excluded). */
  maxPostlogRows: 500_000,
  /** Characters of one cell (4 KB). */
  maxCellChars: 4096,
  /** Columns of one record, the header included. */
  maxColumns: 200,
} as const;
