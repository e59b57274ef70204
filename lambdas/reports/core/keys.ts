import { ValidationError } from '#shared/errors';

/**
 * Object keys of the reports bucket and the id rule shared by every adapter that puts an id in
 * a key, a path or SQL (so no caller-supplied text can escape its place).
 */

/** Client uids, report ids and session uids: letters, digits, `-` and `_`, 1-80 characters. */
export const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/**
 * Returns the id when it is safe to embed.
 * @throws ValidationError naming `field` otherwise.
 */
export function safeId(value: string, field: string): string {
  if (!SAFE_ID.test(value)) throw new ValidationError(`${field} is not a valid id.`, field);
  return value;
}

/** The stored report document: `reports/<client_uid>/<report_id>.json`. */
export function reportKey(clientUid: string, reportId: string): string {
  return `reports/${safeId(clientUid, 'client_uid')}/${safeId(reportId, 'report_id')}.json`;
}

/**
 * What drill-downs re-aggregate (drill-codec.ts): `reports/<client_uid>/<report_id>/drill.json`.
 * Like reportKey, the key binds the data to its client.
 */
export function drillKey(clientUid: string, reportId: string): string {
  return `reports/${safeId(clientUid, 'client_uid')}/${safeId(reportId, 'report_id')}/drill.json`;
}

/**
 * The document without its per-airing list (what get_report serves):
 * `reports/<client_uid>/<report_id>/view.json`. Like reportKey, the key binds it to its client.
 */
export function viewKey(clientUid: string, reportId: string): string {
  return `reports/${safeId(clientUid, 'client_uid')}/${safeId(reportId, 'report_id')}/view.json`;
}

/** Prefix of one run's work objects: `work/<report_id>/`. */
export function workPrefix(reportId: string): string {
  return `work/${safeId(reportId, 'report_id')}/`;
}

/** Work objects written and read by the steps, under a run's work prefix. */
export function workKeys(prefix: string) {
  return {
    /** Airing[] JSON of the report and comparison periods, by start (Extract). */
    airings: `${prefix}airings.json`,
    /** Binary visit columns (Extract; see visit-codec.ts). */
    visits: `${prefix}visits.bin`,
    /** The comparison period's own visit columns, only when the periods are far apart (Extract). */
    compareVisits: `${prefix}compare-visits.bin`,
    /** AttributionResult JSON (Attribute). */
    result: `${prefix}result.json`,
    /** AttributionResult JSON of the comparison period (Attribute, when it has airings). */
    compareResult: `${prefix}compare-result.json`,
    /** ReportSeries JSON: the summary chart (Attribute). */
    series: `${prefix}series.json`,
    /** Binary store-visit columns summed per DMA (Extract, when the client has foot traffic). */
    footTraffic: `${prefix}foot-traffic.bin`,
    /** LocationVisits[] JSON of the report range (Extract, with foot traffic). */
    footTrafficLocations: `${prefix}foot-traffic-locations.json`,
    /** AttributionResult JSON of the store-visit run (Attribute, with foot traffic). */
    footTrafficResult: `${prefix}foot-traffic-result.json`,
    /** Binary Pro Digital metrics of the report block (Extract; see visit-codec.ts encodeDigital). */
    digital: `${prefix}digital.bin`,
    /** ProDigital JSON: the Pro Digital section (Attribute). */
    proDigital: `${prefix}pro-digital.json`,
    /** WeeklyNewUsers JSON of the weeks ending on the report's last day (Extract; trends). */
    newUsersWeeks: `${prefix}new-users-weeks.json`,
    /** DrillDocument JSON (Aggregate; Store publishes it at drillKey). */
    drill: `${prefix}drill.json`,
    /** ReportDocument JSON (Aggregate). */
    document: `${prefix}document.json`,
  };
}
