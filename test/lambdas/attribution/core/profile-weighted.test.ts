import { describe, expect, test } from 'vitest';
import { profileWeighted } from '../../../../lambdas/attribution/core/profile-weighted';

/** A response profile over an 8-minute window peaking in minute 1, summing to 1. */
const PEAKED = [0.25, 0.36, 0.2, 0.1, 0.05, 0.02, 0.012, 0.008];

/**
 * Airings' single-owner excess by minute (a row per airing) and their shared credits already
 * weighted by the profile, as the engine keeps them; every airing counted.
 */
function input(rows: number[][], byProfile: number[], profile: number[]) {
  return {
    span: rows[0]?.length ?? 0,
    byMinute: Float32Array.from(rows.flat()),
    byProfile: Float64Array.from(byProfile),
    profile: Float64Array.from(profile),
    use: new Uint8Array(rows.length).fill(1),
  };
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('profile-weighted window measure', () => {
  test('airings whose response follows the profile are measured at their response, shared minutes or not', () => {
    // A owns its whole window; B owns minutes 0-3 and shares 4-7, where it was credited its
    // response; C brought nothing.
    const b = PEAKED.map((p, k) => (k < 4 ? 10 * p : 0));
    const bShared = sum(PEAKED.map((p, k) => (k >= 4 ? p * 10 * p : 0)));
    const r = input([PEAKED.map((p) => 40 * p), b, PEAKED.map(() => 0)], [0, bShared, 0], PEAKED);

    const measured = profileWeighted(r);

    expect([...(measured ?? [])]).toEqual([
      expect.closeTo(40, 5),
      expect.closeTo(10, 5),
      expect.closeTo(0, 9),
    ]);
  });

  test('noise in a late minute the response has left moves the measure far less than the window sum', () => {
    const noisy = PEAKED.map((p, k) => 20 * p + (k === 6 ? 12 : 0));
    const r = input([noisy], [0], PEAKED);

    const measured = profileWeighted(r);

    // The window sum is 32, 12 of them noise; the measure keeps about 0.6 of those 12.
    expect(sum(noisy)).toBeCloseTo(32, 9);
    expect(measured?.[0]).toBeCloseTo(20 + (12 * 0.012) / sum(PEAKED.map((p) => p * p)), 4);
    expect(measured?.[0]).toBeLessThan(21);
  });

  test('the profile’s scale does not matter: mean 1 over the window measures as sum 1', () => {
    const rows = [PEAKED.map((p, k) => 12 * p + (k === 0 ? 3 : 0))];
    const byProfile = [0];

    const sumOne = profileWeighted(input(rows, byProfile, PEAKED));
    const meanOne = profileWeighted(
      input(
        rows,
        byProfile,
        PEAKED.map((p) => p * 8),
      ),
    );

    expect(meanOne?.[0]).toBeCloseTo(sumOne?.[0] as number, 4);
  });

  test('without a profile every airing is measured at exactly its attributed visits, signed', () => {
    // Flat: the shared credits were weighted by 1, so they are the shared excess itself.
    const r = input(
      [
        [2, 2, 2, 2],
        [1, -3, 0, 5],
        [-1, 0, 0, 0],
      ],
      [0, 4, -2],
      [],
    );

    const measured = profileWeighted(r);

    expect([...(measured ?? [])]).toEqual([
      expect.closeTo(8, 5),
      expect.closeTo(7, 5),
      expect.closeTo(-3, 5),
    ]);
  });

  test('airings not counted get no measure', () => {
    const r = input(
      [
        [3, 3, 3, 3],
        [100, 0, 0, 0],
      ],
      [0, 0],
      [],
    );
    r.use[1] = 0;

    expect([...(profileWeighted(r) ?? [])]).toEqual([expect.closeTo(12, 5), 0]);
  });

  test('hourly data (no minutes kept) or a profile with no positive minute: nothing to weigh by', () => {
    const hourly = { ...input([[]], [0], []), span: 0 };
    const dead = input([[1, 2, 3]], [0], [0, 0, 0]);

    expect(profileWeighted(hourly)).toBeNull();
    expect(profileWeighted(dead)).toBeNull();
  });
});
