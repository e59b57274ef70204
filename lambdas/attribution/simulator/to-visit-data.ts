import type { AttributionMethod, Resolution, VisitData } from '../core/types';
import { toHourly } from '../core/visit-data';
import type { Simulation } from './simulate-visits';

/**
 * Dense VisitData straight from a simulation (tests, benchmarks, `npm run attribute` on sample
 * data), without a CSV round trip. Metric per method as in core/visit-data.ts; unknown geography
 * ('' batch) counts in the national series only.
 */
export function visitDataFromSimulation(
  sim: Simulation,
  method: AttributionMethod,
  resolution: Resolution,
): VisitData {
  const national = new Float64Array(sim.minutes);
  const byMarket = new Map<string, Float64Array>();
  for (const b of sim.batches()) {
    const values =
      method === 'pageviews' ? b.pageviews : method === 'newuserbaseline' ? b.newUsers : b.sessions;
    const arr = b.dmaCode === '' ? null : new Float64Array(sim.minutes);
    for (let i = 0; i < values.length; i++) {
      const m = ((b.minuteUtc[i] as number) - sim.fromUtc) / 60;
      const v = values[i] as number;
      national[m] = (national[m] as number) + v;
      if (arr) arr[m] = v;
    }
    if (arr) byMarket.set(b.dmaCode, arr);
  }
  const minute: VisitData = {
    resolution: 'minute',
    startUtc: sim.fromUtc,
    length: sim.minutes,
    byMarket,
    national,
  };
  return resolution === 'hour' ? toHourly(minute) : minute;
}
