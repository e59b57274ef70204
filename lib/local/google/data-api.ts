import { z } from 'zod';
import { tzOffsetSeconds } from '../../../lambdas/attribution/core/local-time';
import { type Principal, requireProperty } from './bearer';
import { type FakeProperty, propertyById } from './directory';
import { GoogleApiError } from './http';
import { type QuotaBook, tokenCost } from './quota';
import { DIMENSIONS, type Dimension, METRICS, type Metric, reportRows } from './report-rows';
import type { PlaceSeries } from './visits-source';

/** Rows per page: Google's default and its ceiling (a larger `limit` is cut to it). */
const DEFAULT_LIMIT = 10_000;
const MAX_LIMIT = 250_000;
/** GA4 has no data before this day. */
const FIRST_GA4_DAY = '2015-08-14';

const int64 = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]);
const named = z.array(z.object({ name: z.string() }).strict());

/**
 * The runReport body the stand-in answers. Fields it does not implement (filters, orderBys,
 * cohorts, pivots, ...) are refused with a 400 naming them rather than silently ignored.
 */
const runReportBody = z
  .object({
    property: z.string().optional(),
    dimensions: named.max(9).optional(),
    metrics: named.min(1).max(10),
    dateRanges: z
      .array(z.object({ startDate: z.string(), endDate: z.string(), name: z.string().optional() }))
      .length(1, 'the local Google stand-in answers exactly one date range per request'),
    limit: int64.optional(),
    offset: int64.optional(),
    returnPropertyQuota: z.boolean().optional(),
    keepEmptyRows: z.boolean().optional(),
    currencyCode: z.string().optional(),
  })
  .strict();

/** What runReport needs besides the request. */
export interface DataApiDeps {
  quota: QuotaBook;
  /** Unix seconds. */
  nowS: number;
  /** The property's minutes of one UTC day, or null for a property with no data. */
  traffic(property: FakeProperty): Promise<((utcDay: number) => PlaceSeries[]) | null>;
}

/** A GA4 date (`YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`) as a day of the property. */
function resolveDate(text: string, today: string, field: string): string {
  const ago = text === 'today' ? 0 : text === 'yesterday' ? 1 : /^(\d+)daysAgo$/.exec(text)?.[1];
  if (ago !== undefined && ago !== null) {
    const ms = Date.parse(`${today}T00:00:00Z`) - Number(ago) * 86_400_000;
    return new Date(ms).toISOString().slice(0, 10);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
    throw new GoogleApiError(
      400,
      `Invalid ${field}: ${text}. Use YYYY-MM-DD, NdaysAgo, yesterday, or today.`,
    );
  return text < FIRST_GA4_DAY ? FIRST_GA4_DAY : text;
}

/**
 * POST v1beta/properties/{id}:runReport, answered as GA4 does: dimension and metric headers
 * (with metric types), rows of string values, `rowCount` over every row whatever the
 * limit/offset, `metadata` (currencyCode, timeZone; `subjectToThresholding` on a small site's
 * minute reports, whose low rows are withheld), and `propertyQuota` when asked. Dates and times
 * are in the property's time zone; minutes not yet over have no data.
 * @throws GoogleApiError 403 (property not readable), 429 RESOURCE_EXHAUSTED (quota or trigger),
 *   400 INVALID_ARGUMENT (bad request, naming the field).
 */
export async function runReport(
  principal: Principal,
  propertyId: string,
  body: unknown,
  deps: DataApiDeps,
): Promise<Record<string, unknown>> {
  requireProperty(principal, propertyId);
  const property = propertyById(propertyId) as FakeProperty;
  deps.quota.begin(propertyId, deps.nowS);
  let charged = false;
  try {
    const parsed = runReportBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const keys = issue && 'keys' in issue ? ` ${(issue.keys as string[]).join(', ')}` : '';
      throw new GoogleApiError(
        400,
        `Invalid argument ${issue?.path.join('.') ?? ''}:${keys} ${issue?.message ?? ''}`.trim(),
      );
    }
    const req = parsed.data;
    const dimensions = (req.dimensions ?? []).map((d) => d.name);
    const metrics = req.metrics.map((m) => m.name);
    for (const d of dimensions)
      if (!(DIMENSIONS as readonly string[]).includes(d))
        throw new GoogleApiError(
          400,
          `Field ${d} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
        );
    for (const m of metrics)
      if (!(m in METRICS))
        throw new GoogleApiError(
          400,
          `Field ${m} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
        );
    const tz = property.timeZone;
    const today = new Date((deps.nowS + tzOffsetSeconds(tz, deps.nowS)) * 1000)
      .toISOString()
      .slice(0, 10);
    const range = req.dateRanges[0] as { startDate: string; endDate: string };
    const startDate = resolveDate(range.startDate, today, 'startDate');
    const endDate = resolveDate(range.endDate, today, 'endDate');
    if (startDate > endDate)
      throw new GoogleApiError(
        400,
        `Invalid date range: startDate ${startDate} is after endDate ${endDate}.`,
      );
    const limit = req.limit === undefined ? DEFAULT_LIMIT : Number(req.limit);
    if (limit === 0) throw new GoogleApiError(400, 'limit must be positive.');
    const minutes = dimensions.includes('dateHourMinute');
    const thresholded = minutes && !!property.traffic?.thresholdBelow;
    const traffic = await deps.traffic(property);
    const { rows, rowCount } = traffic
      ? reportRows(
          {
            timeZone: tz,
            dimensions: dimensions as Dimension[],
            metrics: metrics as Metric[],
            startDate,
            endDate,
            nowS: deps.nowS,
            offset: req.offset === undefined ? 0 : Number(req.offset),
            limit: Math.min(limit, MAX_LIMIT),
            withholdBelow: thresholded ? (property.traffic?.thresholdBelow ?? 0) : 0,
          },
          traffic,
        )
      : { rows: [], rowCount: 0 };
    const quota = deps.quota.end(propertyId, deps.nowS, tokenCost(rowCount), thresholded);
    charged = true;
    return {
      ...(dimensions.length ? { dimensionHeaders: dimensions.map((name) => ({ name })) } : {}),
      metricHeaders: metrics.map((name) => ({ name, type: METRICS[name as Metric] })),
      ...(rows.length
        ? {
            rows: rows.map((r) => ({
              ...(dimensions.length ? { dimensionValues: r.dims.map((value) => ({ value })) } : {}),
              metricValues: r.metrics.map((v) => ({ value: String(v) })),
            })),
          }
        : {}),
      ...(rowCount ? { rowCount } : {}),
      metadata: {
        currencyCode: property.currencyCode,
        timeZone: tz,
        ...(thresholded ? { subjectToThresholding: true } : {}),
      },
      ...(req.returnPropertyQuota ? { propertyQuota: quota } : {}),
      kind: 'analyticsData#runReport',
    };
  } finally {
    if (!charged) deps.quota.abort(propertyId, deps.nowS);
  }
}
