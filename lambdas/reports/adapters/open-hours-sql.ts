import type { OpenHoursFilter } from '../../../layers/shared/locations/opening-hours';

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
function epoch(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer epoch: ${n}`);
  return String(n);
}

/**
 * The WHERE clause part (`AND (...)`, or '' without a filter) that keeps a foot-traffic row only
 * when its location has no opening hours, or its bucket starts inside one of the location's open
 * windows (OpenHoursFilter). Plain SQL that DuckDB and Athena (Trino) both read: a NOT IN list of
 * the stores with hours and a correlated EXISTS over a VALUES table of their windows.
 */
export function openHoursWhere(open: OpenHoursFilter | undefined): string {
  if (!open || open.length === 0) return '';
  const ids = open.map((o) => quote(o.location_id)).join(', ');
  const rows = open.flatMap((o) =>
    o.windows.map(([s, e]) => `(${quote(o.location_id)}, ${epoch(s)}, ${epoch(e)})`),
  );
  const loc = 'CAST(location_id AS VARCHAR)';
  if (rows.length === 0) return `\n  AND ${loc} NOT IN (${ids})`;
  return `
  AND (${loc} NOT IN (${ids}) OR EXISTS (
    SELECT 1 FROM (VALUES ${rows.join(', ')}) AS open_hours(loc, s, e)
    WHERE open_hours.loc = ${loc} AND bucket_utc >= open_hours.s AND bucket_utc < open_hours.e))`;
}
