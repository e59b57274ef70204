import { tzOffsetSeconds } from './local-time';

/**
 * UTC offset in whole hours of each of n hour buckets from startUtc in time zone tz (a
 * half-hour zone rounds to the nearest hour). Offsets change only at daylight-saving
 * transitions, so the zone is asked once a day and hour by hour only across a change.
 */
export function hourOffsets(tz: string, startUtc: number, n: number): Int8Array {
  const out = new Int8Array(n);
  const at = (i: number) => Math.round(tzOffsetSeconds(tz, startUtc + i * 3600) / 3600);
  let prev = n > 0 ? at(0) : 0;
  for (let d = 0; d < n; d += 24) {
    const end = Math.min(n, d + 24);
    const last = at(end - 1);
    if (last === prev) out.fill(prev, d, end);
    else for (let i = d; i < end; i++) out[i] = at(i);
    prev = last;
  }
  return out;
}
