import type { SavedReportRecord } from '../core/report-session-ports';

/** Helpers shared by the report-session adapters (memory and DynamoDB). */

/**
 * A JSON-plain copy: undefined fields dropped, as DynamoDB stores them (the document client
 * refuses undefined values), so both adapters hand back the same shape.
 */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Saved reports newest first (created_at, then saved_id, descending). */
export function newestFirst(records: SavedReportRecord[]): SavedReportRecord[] {
  return records.sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.saved_id.localeCompare(a.saved_id),
  );
}
