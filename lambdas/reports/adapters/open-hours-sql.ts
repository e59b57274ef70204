import type { OpenHoursFilter } from '#shared/locations/opening-hours';

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${n}`);
  return String(n);
}

/** How each engine reads a bucket's start as local wall-clock time in the zone `tz`. */
const LOCAL_TIME = {
  duckdb: (tz: string) => `timezone(${tz}, to_timestamp(CAST(bucket_utc AS DOUBLE)))`,
  trino: (tz: string) => `at_timezone(from_unixtime(bucket_utc), ${tz})`,
} as const;
/** ISO weekday (1 = Monday) of a local timestamp. */
const ISODOW = { duckdb: 'isodow', trino: 'day_of_week' } as const;

/**
 * Binds a value as a query parameter: records it and returns the placeholder to write in its
 * place (`?` for Athena's execution parameters). Integers must be safe integers.
 */
export type SqlBind = (value: string | number) => string;

/**
 * The WHERE clause part (`AND (...)`, or '' without a filter) that keeps a foot-traffic row only
 * when its location has no opening hours, or its bucket's start, read in the location's zone,
 * falls in one of the location's weekly open intervals (OpenHoursFilter). A NOT IN list of the
 * stores with hours, and a correlated EXISTS over a VALUES table of their rules (at most 14 rows
 * a store, whatever the range); the zone conversion is the engine's own (DuckDB's ICU
 * `timezone`, Trino's `at_timezone`), daylight saving included. With `bind`, every store id, zone
 * and number goes through it (Athena: execution parameters) instead of into the text.
 */
export function openHoursWhere(
  open: OpenHoursFilter | undefined,
  dialect: 'duckdb' | 'trino',
  bind?: SqlBind,
): string {
  if (!open || open.length === 0) return '';
  const text = bind ? (s: string) => bind(s) : quote;
  const num = bind ? (n: number) => bind(n) : int;
  const loc = 'CAST(location_id AS VARCHAR)';
  const ids = open.map((o) => text(o.location_id)).join(', ');
  const rows = open.flatMap((o) =>
    o.rules.map(
      (r) =>
        `(${text(o.location_id)}, ${text(o.timezone)}, ${num(r.isodow)}, ${num(r.fromMin)}, ${num(r.toMin)})`,
    ),
  );
  if (rows.length === 0) return `\n  AND ${loc} NOT IN (${ids})`;
  const local = LOCAL_TIME[dialect]('open_hours.tz');
  return `
  AND (${loc} NOT IN (${ids}) OR EXISTS (
    SELECT 1 FROM (VALUES ${rows.join(', ')}) AS open_hours(loc, tz, dow, s, e)
    WHERE open_hours.loc = ${loc}
      AND ${ISODOW[dialect]}(${local}) = open_hours.dow
      AND hour(${local}) * 60 + minute(${local}) >= open_hours.s
      AND hour(${local}) * 60 + minute(${local}) < open_hours.e))`;
}
