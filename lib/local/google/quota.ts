import { GoogleApiError } from './http';

/** GA4 Data API limits of a standard property (Google's published core quotas). */
export const GA4_QUOTA = {
  tokensPerDay: 200_000,
  tokensPerHour: 40_000,
  tokensPerProjectPerHour: 14_000,
  concurrentRequests: 10,
  serverErrorsPerProjectPerHour: 10,
  potentiallyThresholdedRequestsPerHour: 120,
} as const;

/** A quota's use as GA4 reports it in `propertyQuota`. */
export interface QuotaStatus {
  consumed: number;
  remaining: number;
}

interface Usage {
  hour: number;
  day: number;
  tokensHour: number;
  tokensDay: number;
  thresholdedHour: number;
  inflight: number;
}

/**
 * What a report costs in quota tokens: 1, plus 1 per 2,000 rows it spans (GA4 charges by the
 * rows and days a request touches; its exact formula is not public).
 */
export const tokenCost = (rowCount: number) => 1 + Math.floor(rowCount / 2000);

/**
 * GA4 quota of each property: token buckets per clock hour and per UTC day, concurrent requests
 * and thresholded requests per hour, as `runReport` reports them with `returnPropertyQuota`, and
 * Google's 429 RESOURCE_EXHAUSTED when a bucket is empty. `trigger(property, n)` makes the next
 * n calls fail that way (for tests and people). Kept in memory: a restart refills the buckets.
 */
export class QuotaBook {
  private readonly usage = new Map<string, Usage>();
  private readonly pending = new Map<string, number>();

  /** The next `count` Data API calls for `propertyId` answer 429 RESOURCE_EXHAUSTED. */
  trigger(propertyId: string, count: number): number {
    const total = (this.pending.get(propertyId) ?? 0) + count;
    this.pending.set(propertyId, total);
    return total;
  }

  /** Calls still to fail for each property. */
  triggers(): Record<string, number> {
    return Object.fromEntries(this.pending);
  }

  /**
   * Starts a call: fails it when a trigger is pending or a bucket is empty; else counts it as
   * in flight until {@link end}.
   * @throws GoogleApiError 429 RESOURCE_EXHAUSTED.
   */
  begin(propertyId: string, nowS: number): void {
    const left = this.pending.get(propertyId) ?? 0;
    if (left > 0) {
      if (left === 1) this.pending.delete(propertyId);
      else this.pending.set(propertyId, left - 1);
      throw exhausted('tokens per hour');
    }
    const u = this.current(propertyId, nowS);
    if (u.tokensHour >= GA4_QUOTA.tokensPerHour) throw exhausted('tokens per hour');
    if (u.tokensHour >= GA4_QUOTA.tokensPerProjectPerHour)
      throw exhausted('tokens per project per hour');
    if (u.tokensDay >= GA4_QUOTA.tokensPerDay) throw exhausted('tokens per day');
    if (u.inflight >= GA4_QUOTA.concurrentRequests) throw exhausted('concurrent requests');
    u.inflight++;
  }

  /** Ends a call begun with {@link begin}, charging `tokens`. @returns the property's quota. */
  end(propertyId: string, nowS: number, tokens: number, thresholded: boolean) {
    const u = this.current(propertyId, nowS);
    u.inflight = Math.max(0, u.inflight - 1);
    u.tokensHour += tokens;
    u.tokensDay += tokens;
    if (thresholded) u.thresholdedHour++;
    const left = (limit: number, used: number): number => Math.max(0, limit - used);
    const t = thresholded ? 1 : 0;
    return {
      tokensPerDay: { consumed: tokens, remaining: left(GA4_QUOTA.tokensPerDay, u.tokensDay) },
      tokensPerHour: { consumed: tokens, remaining: left(GA4_QUOTA.tokensPerHour, u.tokensHour) },
      concurrentRequests: { consumed: 0, remaining: GA4_QUOTA.concurrentRequests },
      serverErrorsPerProjectPerHour: {
        consumed: 0,
        remaining: GA4_QUOTA.serverErrorsPerProjectPerHour,
      },
      potentiallyThresholdedRequestsPerHour: {
        consumed: t,
        remaining: left(GA4_QUOTA.potentiallyThresholdedRequestsPerHour, u.thresholdedHour),
      },
      tokensPerProjectPerHour: {
        consumed: tokens,
        remaining: left(GA4_QUOTA.tokensPerProjectPerHour, u.tokensHour),
      },
    } satisfies Record<string, QuotaStatus>;
  }

  /** Releases an in-flight call that failed before it was charged. */
  abort(propertyId: string, nowS: number): void {
    const u = this.current(propertyId, nowS);
    u.inflight = Math.max(0, u.inflight - 1);
  }

  private current(propertyId: string, nowS: number): Usage {
    const hour = Math.floor(nowS / 3600);
    const day = Math.floor(nowS / 86400);
    let u = this.usage.get(propertyId);
    if (!u) {
      u = { hour, day, tokensHour: 0, tokensDay: 0, thresholdedHour: 0, inflight: 0 };
      this.usage.set(propertyId, u);
    }
    if (u.hour !== hour) Object.assign(u, { hour, tokensHour: 0, thresholdedHour: 0 });
    if (u.day !== day) Object.assign(u, { day, tokensDay: 0 });
    return u;
  }
}

function exhausted(what: string): GoogleApiError {
  return new GoogleApiError(
    429,
    `Exhausted property ${what} for a property. To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas`,
    'RESOURCE_EXHAUSTED',
  );
}
