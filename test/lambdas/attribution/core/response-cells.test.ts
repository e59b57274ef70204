import { describe, expect, test } from 'vitest';
import { DAYPARTS, daypartAt, daypartSetOf } from '../../../../lambdas/attribution/core/dayparts';
import { localFields } from '../../../../lambdas/attribution/core/local-time';
import { cellsOf } from '../../../../lambdas/attribution/core/response-cells';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { airingKeys } from '../../../../lambdas/attribution/core/windows';
import { airing } from './fixtures';

const HOUR = 3600;
/** 2016-11-06 00:00 UTC: New York leaves daylight time at 06:00 UTC that day. */
const FALL_BACK_DAY = Date.UTC(2016, 10, 6) / 1000;
/** 1971-06-01 00:00 UTC: Monrovia then ran 44 minutes 30 seconds behind UTC. */
const MONROVIA_DAY = Date.UTC(1971, 5, 1) / 1000;

/** The daypart of an airing's local start, read the slow way (localFields, then daypartAt). */
function daypartOf(a: Airing): number {
  const { minuteOfDay } = localFields(a.startUtc, a.tz);
  return DAYPARTS.indexOf(daypartAt(minuteOfDay, daypartSetOf(a.stationType), a.tz));
}

describe('cellsOf', () => {
  test('puts two airings in one cell exactly when they share station and local daypart, also across a clock change and in a zone offset by seconds', () => {
    const airings = [
      // 05:59:59 UTC is 01:59 EDT, 06:00 UTC 01:00 EST, 11:00 UTC 06:00 EST (early morning).
      airing({ id: 'edt', startUtc: FALL_BACK_DAY + 6 * HOUR - 1 }),
      airing({ id: 'est', startUtc: FALL_BACK_DAY + 6 * HOUR }),
      airing({ id: 'morning', startUtc: FALL_BACK_DAY + 11 * HOUR }),
      airing({ id: 'morning-before', startUtc: FALL_BACK_DAY + 10 * HOUR + 59 * 60 + 59 }),
      airing({ id: 'other-station', station: 'WBBB', startUtc: FALL_BACK_DAY + 11 * HOUR }),
      airing({ id: 'other-market', market: '502', startUtc: FALL_BACK_DAY + 11 * HOUR }),
      // 06:44:29 UTC is 05:59:59 in Monrovia (overnight), 06:44:30 UTC 06:00:00 (early morning).
      ...[6 * HOUR + 44 * 60 + 29, 6 * HOUR + 44 * 60 + 30, 6 * HOUR + 44 * 60 + 59].map((s, i) =>
        airing({
          id: `monrovia-${i}`,
          market: '999',
          tz: 'Africa/Monrovia',
          station: 'ELBC',
          startUtc: MONROVIA_DAY + s,
        }),
      ),
    ];

    const cells = cellsOf(airings, airingKeys(airings));

    const station = (a: Airing) => `${a.market}|${a.station}`;
    for (let i = 0; i < airings.length; i++) {
      for (let j = 0; j < airings.length; j++) {
        const a = airings[i] as Airing;
        const b = airings[j] as Airing;
        const same = station(a) === station(b) && daypartOf(a) === daypartOf(b);
        expect({ pair: [a.id, b.id], same: cells.cellOf[i] === cells.cellOf[j] }).toEqual({
          pair: [a.id, b.id],
          same,
        });
      }
    }
    // The Monrovia seconds matter: the first airing is overnight, the next two early morning.
    expect(cells.cellOf[6]).not.toBe(cells.cellOf[7]);
    expect(cells.cellOf[7]).toBe(cells.cellOf[8]);
    expect(cells.stations).toBe(4);
  });
});
