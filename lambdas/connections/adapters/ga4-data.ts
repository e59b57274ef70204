import type { analyticsdata_v1beta } from '@googleapis/analyticsdata';
import type { ConnectionRecord } from '#shared/connections/connections-store';
import { AccessRevoked, QuotaExhausted } from '../core/pull/errors';
import type { Ga4Data, Ga4ReportPage, Ga4ReportRequest, Ga4Row } from '../core/pull/ports';
import type { PropertyQuota } from '../core/pull/quota';
import { isRevoked } from './google-clients';

/** The Data API client of one connection (the official @googleapis/analyticsdata v1beta). */
export type DataApiFor = (
  connection: ConnectionRecord,
) => Promise<analyticsdata_v1beta.Analyticsdata>;

/** How long a connection's client (its access token in the header) is reused, milliseconds. */
const CLIENT_TTL_MS = 30 * 60 * 1000;

/** The report's metrics, in the order Ga4Row reads them. */
const METRICS = [
  'sessions',
  'newUsers',
  'screenPageViews',
  'engagedSessions',
  'userEngagementDuration',
] as const;

/**
 * The GA4 Data API through Google's official client (`properties.runReport`, v1beta, `rootUrl`
 * from GA_DATA_ROOT_URL: Google, or the local stand-in). One report day per request: the time
 * dimension (`dateHourMinute`, or `dateHour` for an hourly property) with city, region and
 * country; sessions, newUsers, screenPageViews, engagedSessions and userEngagementDuration;
 * limit/offset paging; `returnPropertyQuota`. A connection's client is made once per
 * CLIENT_TTL_MS (access tokens live an hour).
 * Errors: 429 / RESOURCE_EXHAUSTED -> QuotaExhausted (with Retry-After when Google sends one);
 * a lost grant (isRevoked: invalid_grant, 401, 403 PERMISSION_DENIED) -> AccessRevoked, also
 * when the token refresh itself fails so; anything else -> Ga4Failure. None of them keeps
 * Google's error object, which carries the request (its Authorization header) with it.
 */
export class Ga4DataApi implements Ga4Data {
  private readonly clients = new Map<
    string,
    { at: number; api: Promise<analyticsdata_v1beta.Analyticsdata> }
  >();

  constructor(
    private readonly apiFor: DataApiFor,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async runReport(connection: ConnectionRecord, request: Ga4ReportRequest): Promise<Ga4ReportPage> {
    try {
      const api = await this.client(connection);
      const res = await api.properties.runReport(
        { property: `properties/${request.propertyId}`, requestBody: reportBody(request) },
        // A report is a read: retrying a server error is safe; 429 is the pull's own to handle.
        {
          retryConfig: {
            retry: 2,
            httpMethodsToRetry: ['POST'],
            statusCodesToRetry: [[500, 599]],
          },
        },
      );
      return reportPage(res.data);
    } catch (error) {
      this.clients.delete(connection.connection_id);
      throw mapError(error);
    }
  }

  private client(connection: ConnectionRecord) {
    const key = connection.connection_id;
    const cached = this.clients.get(key);
    if (cached && this.nowMs() - cached.at < CLIENT_TTL_MS) return cached.api;
    const api = this.apiFor(connection);
    this.clients.set(key, { at: this.nowMs(), api });
    return api;
  }
}

/** The runReport body of one page of one report day. */
export function reportBody(r: Ga4ReportRequest): analyticsdata_v1beta.Schema$RunReportRequest {
  return {
    dateRanges: [{ startDate: r.date, endDate: r.date }],
    dimensions: [
      { name: r.resolution === 'minute' ? 'dateHourMinute' : 'dateHour' },
      { name: 'city' },
      { name: 'region' },
      { name: 'country' },
    ],
    metrics: METRICS.map((name) => ({ name })),
    limit: String(r.limit),
    offset: String(r.offset),
    returnPropertyQuota: true,
  };
}

const num = (v: string | null | undefined) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A runReport response as a page of rows, its quota and what its metadata says was withheld. */
export function reportPage(data: analyticsdata_v1beta.Schema$RunReportResponse): Ga4ReportPage {
  const rows: Ga4Row[] = (data.rows ?? []).map((row) => {
    const d = row.dimensionValues ?? [];
    const m = row.metricValues ?? [];
    return {
      time: d[0]?.value ?? '',
      city: d[1]?.value ?? '',
      region: d[2]?.value ?? '',
      country: d[3]?.value ?? '',
      sessions: num(m[0]?.value),
      newUsers: num(m[1]?.value),
      pageviews: num(m[2]?.value),
      engagedSessions: num(m[3]?.value),
      engagementS: num(m[4]?.value),
    };
  });
  const meta = data.metadata ?? {};
  return {
    rows,
    rowCount: data.rowCount ?? rows.length,
    quota: quotaOf(data.propertyQuota),
    withheld: {
      thresholded: meta.subjectToThresholding === true,
      otherRow: meta.dataLossFromOtherRow === true,
      sampled: (meta.samplingMetadatas ?? []).length > 0,
    },
    timeZone: meta.timeZone ?? null,
  };
}

function quotaOf(q: analyticsdata_v1beta.Schema$PropertyQuota | undefined): PropertyQuota | null {
  if (!q) return null;
  const status = (s: analyticsdata_v1beta.Schema$QuotaStatus | undefined) =>
    s ? { consumed: s.consumed ?? 0, remaining: s.remaining ?? 0 } : null;
  return { tokensPerDay: status(q.tokensPerDay), tokensPerHour: status(q.tokensPerHour) };
}

/**
 * A GA4 call that failed otherwise (5xx after the client's retries, no answer): its HTTP
 * status and Google's error status only, never the request or the response body.
 */
export class Ga4Failure extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`GA4 runReport failed: ${status ? `HTTP ${status}` : 'no answer'} ${reason}`.trim());
    this.name = 'Ga4Failure';
  }
}

/** The parts of a gaxios error read here. */
interface GoogleError {
  status?: unknown;
  response?: { status?: unknown; data?: unknown; headers?: unknown };
}

/** QuotaExhausted, AccessRevoked or Ga4Failure for an error of a Google call. */
function mapError(error: unknown): Error {
  if (isRevoked(error)) return new AccessRevoked();
  const e = (error ?? {}) as GoogleError & { code?: unknown };
  const status = Number(e.response?.status ?? e.status) || 0;
  const data = e.response?.data as { error?: { status?: unknown } } | undefined;
  if (status === 429 || data?.error?.status === 'RESOURCE_EXHAUSTED') {
    return new QuotaExhausted(retryAfter(e.response?.headers));
  }
  const reason = typeof data?.error?.status === 'string' ? data.error.status : '';
  const code = typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code) ? e.code : '';
  // The error's name only (e.g. a vault or network error): its message may quote the request.
  const name = error instanceof Error ? error.name : '';
  return new Ga4Failure(status, reason || code || name);
}

/** Retry-After in seconds (delta-seconds form), or null. */
function retryAfter(headers: unknown): number | null {
  let value: unknown;
  if (headers && typeof (headers as Headers).get === 'function') {
    value = (headers as Headers).get('retry-after');
  } else if (headers && typeof headers === 'object') {
    value = (headers as Record<string, unknown>)['retry-after'];
  }
  const s = Number(value);
  return typeof value === 'string' && Number.isFinite(s) && s >= 0 ? s : null;
}
