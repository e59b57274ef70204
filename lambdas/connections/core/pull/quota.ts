/**
 * GA4 Data API quota of one property, as a token bucket (Google's "core" quotas for a standard
 * property: 200,000 tokens a day, 40,000 an hour, 10 requests at once). The bucket holds at most
 * an hour's tokens and refills at the daily rate, so a steady pull never passes the day's
 * quota and a burst never passes the hour's; each response's `propertyQuota` then corrects it
 * to what Google says is left. Pure: times are epoch milliseconds given by the caller.
 */

/** GA4 core quotas of a standard property (developers.google.com/analytics/devguides/reporting/data/v1/quotas). */
export const GA4_QUOTA = {
  tokensPerDay: 200_000,
  tokensPerHour: 40_000,
  concurrentRequests: 10,
} as const;

/**
 * Requests one pull sends at once for a property: half of Google's 10, leaving room for the
 * customer's own tools and a second pull of the same property.
 */
export const PULL_CONCURRENCY = 5;

/**
 * Tokens a runReport page is expected to cost before Google says: small reports cost under 10;
 * a day of minutes by city is bigger, so the plan reserves more and the response corrects it.
 */
export const EST_TOKENS_PER_REQUEST = 20;

/** Refill rate of the bucket, tokens per second (the daily quota spread over the day). */
export const REFILL_PER_S = GA4_QUOTA.tokensPerDay / 86_400;

/** The longest an SQS message can be delayed, seconds: longer waits are re-delayed on arrival. */
export const MAX_SQS_DELAY_S = 900;

/** Back-off after a quota error that names no retry time, seconds. */
export const DEFAULT_BACKOFF_S = 60;

/** A property's bucket: tokens left (may be negative: owed) as of `atMs`. */
export interface QuotaBucket {
  tokens: number;
  atMs: number;
}

/** One of Google's quota counters in a response (`propertyQuota.tokensPerHour` ...). */
export interface QuotaStatus {
  consumed: number;
  remaining: number;
}

/** The parts of GA4's `propertyQuota` the bucket follows. */
export interface PropertyQuota {
  tokensPerDay?: QuotaStatus | null;
  tokensPerHour?: QuotaStatus | null;
}

/** A bucket as of `nowMs`: refilled at REFILL_PER_S, never above an hour's tokens. */
export function refill(bucket: QuotaBucket, nowMs: number): QuotaBucket {
  const elapsedS = Math.max(0, (nowMs - bucket.atMs) / 1000);
  const tokens = Math.min(GA4_QUOTA.tokensPerHour, bucket.tokens + elapsedS * REFILL_PER_S);
  return { tokens, atMs: Math.max(nowMs, bucket.atMs) };
}

/** How many requests the bucket affords now at EST_TOKENS_PER_REQUEST each (0 when owed). */
export function affordable(bucket: QuotaBucket): number {
  return Math.max(0, Math.floor(bucket.tokens / EST_TOKENS_PER_REQUEST));
}

/**
 * The bucket after one response: the tokens Google says the request consumed come off, and it
 * never holds more than Google says is left this hour or today.
 */
export function charge(bucket: QuotaBucket, quota: PropertyQuota | null): QuotaBucket {
  if (!quota) return { ...bucket, tokens: bucket.tokens - EST_TOKENS_PER_REQUEST };
  const consumed = quota.tokensPerHour?.consumed ?? quota.tokensPerDay?.consumed;
  let tokens = bucket.tokens - (consumed ?? EST_TOKENS_PER_REQUEST);
  for (const left of [quota.tokensPerHour?.remaining, quota.tokensPerDay?.remaining]) {
    if (typeof left === 'number') tokens = Math.min(tokens, left);
  }
  return { ...bucket, tokens };
}

/**
 * Seconds until the bucket affords one request again (0 when it does now).
 * @param googleLeft what Google last said was left, when it said so: a spent day waits an hour
 *   (Google's day ends at midnight Pacific, unknown here; the pull then looks again) and a spent
 *   hour waits MAX_SQS_DELAY_S, since the bucket's own refill would only earn a refusal sooner.
 */
export function waitSeconds(bucket: QuotaBucket, googleLeft?: PropertyQuota | null): number {
  const day = googleLeft?.tokensPerDay?.remaining;
  if (typeof day === 'number' && day < EST_TOKENS_PER_REQUEST) return 3600;
  const hour = googleLeft?.tokensPerHour?.remaining;
  if (typeof hour === 'number' && hour < EST_TOKENS_PER_REQUEST) return MAX_SQS_DELAY_S;
  if (bucket.tokens >= EST_TOKENS_PER_REQUEST) return 0;
  return Math.ceil((EST_TOKENS_PER_REQUEST - bucket.tokens) / REFILL_PER_S);
}

/** An SQS DelaySeconds for a wait: whole seconds, 0..MAX_SQS_DELAY_S. */
export const sqsDelay = (waitS: number): number =>
  Math.min(MAX_SQS_DELAY_S, Math.max(0, Math.ceil(waitS)));
