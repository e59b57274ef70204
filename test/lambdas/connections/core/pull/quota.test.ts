import { describe, expect, test } from 'vitest';
import {
  affordable,
  charge,
  EST_TOKENS_PER_REQUEST,
  GA4_QUOTA,
  MAX_SQS_DELAY_S,
  type QuotaBucket,
  REFILL_PER_S,
  refill,
  sqsDelay,
  waitSeconds,
} from '../../../../../lambdas/connections/core/pull/quota';

const T0 = Date.parse('2016-11-15T12:00:00Z');

describe('the per-property token bucket', () => {
  test('refills at the daily quota spread over the day, never above the hourly quota', () => {
    const empty = { tokens: 0, atMs: T0 };

    const afterHour = refill(empty, T0 + 3600_000);
    const afterDay = refill(empty, T0 + 86_400_000);

    expect(afterHour.tokens).toBeCloseTo(GA4_QUOTA.tokensPerDay / 24, 3);
    expect(afterDay.tokens).toBe(GA4_QUOTA.tokensPerHour);
  });

  test('a day of steady pulling stays within the daily quota', () => {
    let bucket: QuotaBucket = { tokens: GA4_QUOTA.tokensPerHour, atMs: T0 };
    let spent = 0;

    for (let minute = 0; minute < 24 * 60; minute++) {
      bucket = refill(bucket, T0 + minute * 60_000);
      while (affordable(bucket) > 0) {
        bucket = charge(bucket, null);
        spent += EST_TOKENS_PER_REQUEST;
      }
    }

    expect(spent).toBeLessThanOrEqual(GA4_QUOTA.tokensPerDay + GA4_QUOTA.tokensPerHour);
    expect(spent).toBeGreaterThan(GA4_QUOTA.tokensPerDay * 0.9);
  });

  test('each response charges what Google says it consumed and caps the bucket at what Google says is left', () => {
    const full = { tokens: GA4_QUOTA.tokensPerHour, atMs: T0 };

    const charged = charge(full, {
      tokensPerHour: { consumed: 37, remaining: 39_000 },
      tokensPerDay: { consumed: 37, remaining: 150_000 },
    });
    const cappedByDay = charge(full, {
      tokensPerHour: { consumed: 10, remaining: 39_000 },
      tokensPerDay: { consumed: 10, remaining: 500 },
    });

    expect(charged.tokens).toBe(39_000);
    expect(cappedByDay.tokens).toBe(500);
  });

  test('an empty bucket waits until it affords one request', () => {
    const bucket = { tokens: 0, atMs: T0 };

    const wait = waitSeconds(bucket);

    expect(affordable(bucket)).toBe(0);
    expect(wait).toBe(Math.ceil(EST_TOKENS_PER_REQUEST / REFILL_PER_S));
    expect(affordable(refill(bucket, T0 + wait * 1000))).toBe(1);
  });

  test('Google saying the hour or the day is spent waits the longest SQS delay or an hour', () => {
    const full = { tokens: GA4_QUOTA.tokensPerHour, atMs: T0 };

    expect(waitSeconds(full, { tokensPerHour: { consumed: 5, remaining: 3 } })).toBe(
      MAX_SQS_DELAY_S,
    );
    expect(waitSeconds(full, { tokensPerDay: { consumed: 5, remaining: 0 } })).toBe(3600);
    expect(waitSeconds(full, { tokensPerHour: { consumed: 5, remaining: 30_000 } })).toBe(0);
  });

  test('SQS delays are whole seconds from 0 to 900', () => {
    expect(sqsDelay(-5)).toBe(0);
    expect(sqsDelay(12.2)).toBe(13);
    expect(sqsDelay(3600)).toBe(900);
  });
});
