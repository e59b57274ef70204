import { describe, expect, test } from 'vitest';
import { airing, FakeQueryEngine, minuteVisits } from '../fakes';
import { runReport } from '../run-report';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const FEB26 = MAR4 - 7 * 86400;
const AIRINGS = [
  airing('1', FEB26 + 15 * 3600),
  airing('2', MAR4 + 15 * 3600),
  airing('3', MAR4 + 86400 + 20 * 3600),
];
const WITH_COMPARE = {
  date_start: '2024-03-04',
  date_end: '2024-03-10',
  compare_date_start: '2024-02-26',
  compare_date_end: '2024-03-03',
};

/**
 * The fake query engine with reads that take a moment (as Athena's do), counting how many are
 * under way at once.
 */
class SlowQueryEngine extends FakeQueryEngine {
  inFlight = 0;
  maxInFlight = 0;
  rounds = 0;
  /** For each read, the reads under way when it started (itself included). */
  readonly startedWith: Array<{ name: string; with: string[] }> = [];
  private readonly running = new Set<string>();

  private async slow<T>(name: string, read: () => Promise<T>): Promise<T> {
    if (this.inFlight === 0) this.rounds++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const id = `${name}#${this.startedWith.length}`;
    this.running.add(id);
    this.startedWith.push({ name, with: [...this.running].map((r) => r.split('#')[0] as string) });
    await new Promise((r) => setTimeout(r, 5));
    try {
      return await read();
    } finally {
      this.inFlight--;
      this.running.delete(id);
    }
  }

  override extractAirings(...a: Parameters<FakeQueryEngine['extractAirings']>) {
    return this.slow('extractAirings', () => super.extractAirings(...a));
  }
  override extractVisits(...a: Parameters<FakeQueryEngine['extractVisits']>) {
    return this.slow('extractVisits', () => super.extractVisits(...a));
  }
  override extractDigital(...a: Parameters<FakeQueryEngine['extractDigital']>) {
    return this.slow('extractDigital', () => super.extractDigital(...a));
  }
  override hasVisits(...a: Parameters<FakeQueryEngine['hasVisits']>) {
    return this.slow('hasVisits', () => super.hasVisits(...a));
  }
  override hasFootTraffic(...a: Parameters<FakeQueryEngine['hasFootTraffic']>) {
    return this.slow('hasFootTraffic', () => super.hasFootTraffic(...a));
  }
  override extractFootTraffic(...a: Parameters<FakeQueryEngine['extractFootTraffic']>) {
    return this.slow('extractFootTraffic', () => super.extractFootTraffic(...a));
  }
  override footTrafficLocations() {
    return this.slow('footTrafficLocations', () => super.footTrafficLocations());
  }
}

describe('Extract step', () => {
  test('asks the query engine for independent reads together, and the report is the same', async () => {
    const visits = { minute: minuteVisits(AIRINGS, FEB26, { weeks: 2 }) };
    const slow = new SlowQueryEngine(AIRINGS, visits);

    const fast = await runReport(new FakeQueryEngine(AIRINGS, visits), WITH_COMPARE);
    const { p, view } = await runReport(slow, WITH_COMPARE);

    expect(p.has_compare).toBe(true);
    // The report's and the comparison's airings and the two visit checks in the first round;
    // the visits, Pro Digital metrics, foot traffic and weekly new users together in the last.
    expect(slow.maxInFlight).toBeGreaterThanOrEqual(4);
    expect(slow.rounds).toBeLessThanOrEqual(4);
    expect(view).toEqual(fast.view);
  });

  test("foot traffic's two checks go together, then its two reads, beside the visit reads", async () => {
    const visits = { minute: minuteVisits(AIRINGS, MAR4) };
    const store = { hour: minuteVisits(AIRINGS, MAR4) };
    const locations = [{ location_id: 'S-1', dma_code: '501', visits: 10 }];
    const slow = new SlowQueryEngine(AIRINGS, visits, store, locations);

    const fast = await runReport(new FakeQueryEngine(AIRINGS, visits, store, locations));
    const { p, view } = await runReport(slow);

    expect(p.foot_traffic_resolution).toBe('hour');
    const checks = slow.startedWith.filter((s) => s.name === 'hasFootTraffic');
    expect(checks.map((c) => c.with.filter((n) => n === 'hasFootTraffic').length)).toEqual([1, 2]);
    expect(checks[0]?.with).toContain('extractVisits');
    const locationsRead = slow.startedWith.find((s) => s.name === 'footTrafficLocations');
    expect(locationsRead?.with).toContain('extractFootTraffic');
    expect(view).toEqual(fast.view);
  });
});
